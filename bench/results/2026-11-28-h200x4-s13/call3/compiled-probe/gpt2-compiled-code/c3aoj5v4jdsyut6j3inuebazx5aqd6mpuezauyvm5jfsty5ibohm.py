# AOT ID: ['0_backward']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


# kernel path: /tmp/torchinductor_root/nr/cnrkdlsfb627uqa3ne4rboemmfp7qrjh2mwsyvo7a6cwggin7o5h.py
# Topologically Sorted Source Nodes: [constant_pad_nd_default_1], Original ATen: [aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default_1 => constant_pad_nd_default_1
# Graph fragment:
#   %permute_51 : Tensor "bf16[50257, 768][768, 1]cuda:0" = PlaceHolder[target=permute_51]
#   %constant_pad_nd_default_1 : Tensor "bf16[50264, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_51, [0, 0, 0, 7]), kwargs = {})
#   return %constant_pad_nd_default_1
triton_poi_fused_mm_0 = async_compile.triton('triton_poi_fused_mm_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 231605760}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38602752
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x1 = xindex // 768
    x2 = xindex
    tmp0 = x1
    tmp1 = tl.full([1], 50257, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x2), tmp2 & xmask, other=0.0).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp3, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/po/cpovrsomr7z3aqzasywbv2izirpfcqkm377f5f3cvghlipounkzo.py
# Topologically Sorted Source Nodes: [view_148, permute_49, constant_pad_nd_default_2, constant_pad_nd_default], Original ATen: [aten.view, aten.t, aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default => constant_pad_nd_default
#   constant_pad_nd_default_2 => constant_pad_nd_default_2
#   permute_49 => permute_49
#   view_148 => view_148
# Graph fragment:
#   %tangents_1 : Tensor "bf16[4, 512, 50257][25731584, 50257, 1]cuda:0" = PlaceHolder[target=tangents_1]
#   %view_148 : Tensor "bf16[2048, 50257][50257, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%tangents_1, [2048, 50257]), kwargs = {})
#   %permute_49 : Tensor "bf16[50257, 2048][1, 50257]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_148, [1, 0]), kwargs = {})
#   %constant_pad_nd_default_2 : Tensor "bf16[50264, 2048][2048, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_49, [0, 0, 0, 7]), kwargs = {})
#   %constant_pad_nd_default : Tensor "bf16[2048, 50264][50264, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%view_148, [0, 7, 0, 0]), kwargs = {})
#   return %constant_pad_nd_default_2,%constant_pad_nd_default
triton_poi_fused_mm_t_view_1 = async_compile.triton('triton_poi_fused_mm_t_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 134217728}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_t_view_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1029378048}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_t_view_1(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 102940672
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 50264)
    x1 = xindex // 50264
    tmp0 = x0
    tmp1 = tl.full([1], 50257, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x0 + 50257*x1), tmp2, other=0.0).to(tl.float32)
    tl.store(out_ptr0 + (x0 + 50304*x1), tmp3, None)
    tl.store(out_ptr1 + (x0 + 50304*x1), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/h3/ch3qoklzmqpfgaalxe46rahakwgjgdersqts5vc26a3mskc5e3as.py
# Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_149, mul_150, sum_1, mul_151, sum_2, mul_152, sub_26, sub_27, mul_153, convert_element_type_298, convert_element_type_299, mul_155, mul_156], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
# Source node to ATen node mapping:
#   add_102 => add_102
#   convert_element_type_296 => convert_element_type_296
#   convert_element_type_298 => convert_element_type_298
#   convert_element_type_299 => convert_element_type_299
#   mul_149 => mul_149
#   mul_150 => mul_150
#   mul_151 => mul_151
#   mul_152 => mul_152
#   mul_153 => mul_153
#   mul_155 => mul_155
#   mul_156 => mul_156
#   sub_26 => sub_26
#   sub_27 => sub_27
#   sum_1 => sum_1
#   sum_2 => sum_2
#   view_149 => view_149
# Graph fragment:
#   %tangents_26 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=tangents_26]
#   %mm_default : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %primals_148 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_148]
#   %mul_146 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_146]
#   %div : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=div]
#   %sum_1 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_1]
#   %sum_2 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_2]
#   %mul_153 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_153]
#   %gt_24 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_24]
#   %view_149 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_296 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_149, torch.float32), kwargs = {})
#   %add_102 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_26, %convert_element_type_296), kwargs = {})
#   %mul_149 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_102, %primals_148), kwargs = {})
#   %mul_150 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_149, 768), kwargs = {})
#   %sum_1 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_149, [2], True), kwargs = {})
#   %mul_151 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_149, %mul_146), kwargs = {})
#   %sum_2 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_151, [2], True), kwargs = {})
#   %mul_152 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_146, %sum_2), kwargs = {})
#   %sub_26 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_150, %sum_1), kwargs = {})
#   %sub_27 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_26, %mul_152), kwargs = {})
#   %mul_153 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div, %sub_27), kwargs = {})
#   %convert_element_type_298 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_153, torch.bfloat16), kwargs = {})
#   %convert_element_type_299 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_24, torch.bfloat16), kwargs = {})
#   %mul_155 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_299, 1.1111111111111112), kwargs = {})
#   %mul_156 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_298, %mul_155), kwargs = {})
#   return %sum_1,%sum_2,%mul_153,%mul_156
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_2 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 2048, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*i1', 'out_ptr2': '*fp32', 'out_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8192, 'r0_': 36178944}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_2(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2048
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp10 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp16 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp24 = tl.load(in_ptr5 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.int1)
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp5 = tmp3 * tmp4
    tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
    tmp8 = tl.where(r0_mask & xmask, tmp6, 0)
    tmp9 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
    tmp11 = tmp5 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(r0_mask & xmask, tmp12, 0)
    tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp17 = tl.full([1, 1], 768.0, tl.float32)
    tmp18 = tmp5 * tmp17
    tmp19 = tmp18 - tmp9
    tmp20 = tmp10 * tmp15
    tmp21 = tmp19 - tmp20
    tmp22 = tmp16 * tmp21
    tmp23 = tmp22.to(tl.float32)
    tmp25 = tmp24.to(tl.float32)
    tmp26 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp27 = tmp25 * tmp26
    tmp28 = tmp23 * tmp27
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp22, r0_mask & xmask)
    tl.store(out_ptr3 + (r0_1 + 768*x0), tmp28, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/5p/c5pielddqihy3v5mkqtfivbagklt2w4a6ztf7hnjv627364ihjtv.py
# Topologically Sorted Source Nodes: [convert_element_type_306, view_153, x_93, mul_44, mul_157, pow_12, mul_45, add_49, mul_46, tanh_11, add_50, mul_158, convert_element_type_308, mul_159, sub_28, mul_160, mul_161, convert_element_type_309, mul_162, pow_13, mul_163, mul_164, convert_element_type_310, add_103, mul_165, add_104], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
# Source node to ATen node mapping:
#   add_103 => add_103
#   add_104 => add_104
#   add_49 => add_97
#   add_50 => add_98
#   convert_element_type_306 => convert_element_type_306
#   convert_element_type_308 => convert_element_type_308
#   convert_element_type_309 => convert_element_type_309
#   convert_element_type_310 => convert_element_type_310
#   mul_157 => mul_157
#   mul_158 => mul_158
#   mul_159 => mul_159
#   mul_160 => mul_160
#   mul_161 => mul_161
#   mul_162 => mul_162
#   mul_163 => mul_163
#   mul_164 => mul_164
#   mul_165 => mul_165
#   mul_44 => mul_140
#   mul_45 => mul_141
#   mul_46 => mul_142
#   pow_12 => convert_element_type_281, pow_12
#   pow_13 => pow_13
#   sub_28 => sub_28
#   tanh_11 => tanh_11
#   view_153 => view_153
#   x_93 => view_142
# Graph fragment:
#   %mm_3 : Tensor "bf16[2048, 3072][3072, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %addmm_46 : Tensor "bf16[2048, 3072][3072, 1]cuda:0" = PlaceHolder[target=addmm_46]
#   %convert_element_type_306 : Tensor "f32[2048, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_3, torch.float32), kwargs = {})
#   %view_153 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_306, [4, 512, 3072]), kwargs = {})
#   %view_142 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_46, [4, 512, 3072]), kwargs = {})
#   %mul_140 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_142, 0.5), kwargs = {})
#   %mul_157 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_153, %mul_140), kwargs = {})
#   %convert_element_type_281 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_142, torch.float32), kwargs = {})
#   %pow_12 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%convert_element_type_281, 3.0), kwargs = {})
#   %mul_141 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%pow_12, 0.044715), kwargs = {})
#   %add_97 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_142, %mul_141), kwargs = {})
#   %mul_142 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_97, 0.7978845608028654), kwargs = {})
#   %tanh_11 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.tanh.default](args = (%mul_142,), kwargs = {})
#   %add_98 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tanh_11, 1.0), kwargs = {})
#   %mul_158 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_153, %add_98), kwargs = {})
#   %convert_element_type_308 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_158, torch.bfloat16), kwargs = {})
#   %mul_159 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tanh_11, %tanh_11), kwargs = {})
#   %sub_28 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (1, %mul_159), kwargs = {})
#   %mul_160 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_157, %sub_28), kwargs = {})
#   %mul_161 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_160, 0.7978845608028654), kwargs = {})
#   %convert_element_type_309 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_161, torch.bfloat16), kwargs = {})
#   %mul_162 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_161, 0.044715), kwargs = {})
#   %pow_13 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%convert_element_type_281, 2.0), kwargs = {})
#   %mul_163 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_13, 3.0), kwargs = {})
#   %mul_164 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_162, %mul_163), kwargs = {})
#   %convert_element_type_310 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_164, torch.bfloat16), kwargs = {})
#   %add_103 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_309, %convert_element_type_310), kwargs = {})
#   %mul_165 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_308, 0.5), kwargs = {})
#   %add_104 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_103, %mul_165), kwargs = {})
#   return %add_104
triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3 = async_compile.triton('triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8388608}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 50331648}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 6291456
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tl.full([1], 0.5, tl.float32)
    tmp4 = tmp2 * tmp3
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp1 * tmp5
    tmp7 = tmp2.to(tl.float32)
    tmp8 = tmp7 * tmp7
    tmp9 = tmp8 * tmp7
    tmp10 = tl.full([1], 0.044715, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = tmp7 + tmp11
    tmp13 = tl.full([1], 0.7978845608028654, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = libdevice.tanh(tmp14)
    tmp16 = tmp15 * tmp15
    tmp17 = tl.full([1], 1.0, tl.float32)
    tmp18 = tmp17 - tmp16
    tmp19 = tmp6 * tmp18
    tmp20 = tmp19 * tmp13
    tmp21 = tmp20.to(tl.float32)
    tmp22 = tmp20 * tmp10
    tmp23 = tl.full([1], 3.0, tl.float32)
    tmp24 = tmp8 * tmp23
    tmp25 = tmp22 * tmp24
    tmp26 = tmp25.to(tl.float32)
    tmp27 = tmp21 + tmp26
    tmp28 = tmp15 + tmp17
    tmp29 = tmp1 * tmp28
    tmp30 = tmp29.to(tl.float32)
    tmp31 = tmp30 * tmp3
    tmp32 = tmp27 + tmp31
    tl.store(in_out_ptr0 + (x0), tmp32, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/j7/cj7vewhi5wr5plmdyq42dmj2velhzayrvdbasfclnsshh3s3indr.py
# Topologically Sorted Source Nodes: [convert_element_type_317, view_156, mul_167, mul_168, sum_7, mul_169, sum_8, mul_170, sub_30, sub_31, mul_171, add_105, convert_element_type_319, convert_element_type_320, mul_173, mul_174], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
# Source node to ATen node mapping:
#   add_105 => add_105
#   convert_element_type_317 => convert_element_type_317
#   convert_element_type_319 => convert_element_type_319
#   convert_element_type_320 => convert_element_type_320
#   mul_167 => mul_167
#   mul_168 => mul_168
#   mul_169 => mul_169
#   mul_170 => mul_170
#   mul_171 => mul_171
#   mul_173 => mul_173
#   mul_174 => mul_174
#   sub_30 => sub_30
#   sub_31 => sub_31
#   sum_7 => sum_7
#   sum_8 => sum_8
#   view_156 => view_156
# Graph fragment:
#   %mm_5 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %primals_142 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_142]
#   %mul_138 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_138]
#   %mul_153 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_153]
#   %div_1 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=div_1]
#   %sum_7 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_7]
#   %sum_8 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_8]
#   %add_105 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_105]
#   %gt_23 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_23]
#   %convert_element_type_317 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_5, torch.float32), kwargs = {})
#   %view_156 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_317, [4, 512, 768]), kwargs = {})
#   %mul_167 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_156, %primals_142), kwargs = {})
#   %mul_168 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_167, 768), kwargs = {})
#   %sum_7 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_167, [2], True), kwargs = {})
#   %mul_169 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_167, %mul_138), kwargs = {})
#   %sum_8 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_169, [2], True), kwargs = {})
#   %mul_170 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_138, %sum_8), kwargs = {})
#   %sub_30 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_168, %sum_7), kwargs = {})
#   %sub_31 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_30, %mul_170), kwargs = {})
#   %mul_171 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_1, %sub_31), kwargs = {})
#   %add_105 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_153, %mul_171), kwargs = {})
#   %convert_element_type_319 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_105, torch.bfloat16), kwargs = {})
#   %convert_element_type_320 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_23, torch.bfloat16), kwargs = {})
#   %mul_173 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_320, 1.1111111111111112), kwargs = {})
#   %mul_174 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_319, %mul_173), kwargs = {})
#   return %sum_7,%sum_8,%add_105,%mul_174
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 2048, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*i1', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8192, 'r0_': 36178944}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2048
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp14 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp15 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp24 = tl.load(in_ptr4 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.int1)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(r0_mask & xmask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp9 = tmp3 * tmp8
    tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp12 = tl.where(r0_mask & xmask, tmp10, 0)
    tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 768.0, tl.float32)
    tmp17 = tmp3 * tmp16
    tmp18 = tmp17 - tmp7
    tmp19 = tmp8 * tmp13
    tmp20 = tmp18 - tmp19
    tmp21 = tmp15 * tmp20
    tmp22 = tmp14 + tmp21
    tmp23 = tmp22.to(tl.float32)
    tmp25 = tmp24.to(tl.float32)
    tmp26 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp27 = tmp25 * tmp26
    tmp28 = tmp23 * tmp27
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp22, r0_mask & xmask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp28, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/yj/cyjiu2ao5jpjlvdnvjx2yjwulgezc4giaosnwyl6f2txowzk5q6w.py
# Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
# Source node to ATen node mapping:
#   add_106 => add_106
#   add_107 => add_107
#   cat => cat
#   clone_26 => clone_26
#   clone_27 => clone_27
#   permute_60 => permute_60
#   permute_61 => permute_61
#   permute_62 => permute_62
#   view_161 => view_161
#   view_162 => view_162
#   view_163 => view_163
# Graph fragment:
#   %getitem_194 : Tensor "bf16[4, 12, 512, 64][393216, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_194]
#   %tangents_25 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0" = PlaceHolder[target=tangents_25]
#   %getitem_195 : Tensor "bf16[4, 12, 512, 64][393216, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_195]
#   %tangents_24 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0" = PlaceHolder[target=tangents_24]
#   %getitem_196 : Tensor "bf16[4, 12, 512, 64][393216, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_196]
#   %add_106 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_25, %getitem_195), kwargs = {})
#   %add_107 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_24, %getitem_196), kwargs = {})
#   %permute_60 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_194, [0, 2, 1, 3]), kwargs = {})
#   %view_161 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_60, [4, 512, 768]), kwargs = {})
#   %permute_61 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_107, [0, 2, 1, 3]), kwargs = {})
#   %clone_26 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_61,), kwargs = {memory_format: torch.contiguous_format})
#   %view_162 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_26, [4, 512, 768]), kwargs = {})
#   %permute_62 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_106, [0, 2, 1, 3]), kwargs = {})
#   %clone_27 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_62,), kwargs = {memory_format: torch.contiguous_format})
#   %view_163 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_27, [4, 512, 768]), kwargs = {})
#   %cat : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_161, %view_163, %view_162], 2), kwargs = {})
#   return %cat
triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5 = async_compile.triton('triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8388608}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 28311552}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 4718592
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 2304)
    x3 = xindex // 2304
    x1 = ((xindex // 2304) % 512)
    x2 = xindex // 1179648
    x4 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = tl.full([1], 768, tl.int64)
    tmp4 = tmp0 < tmp3
    tmp5 = tl.load(in_ptr0 + (768*x3 + (x0)), tmp4, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp6 = tmp0 >= tmp3
    tmp7 = tl.full([1], 1536, tl.int64)
    tmp8 = tmp0 < tmp7
    tmp9 = tmp6 & tmp8
    tmp10 = tl.load(in_ptr1 + (64*x1 + 32768*(((((-768) + x0) // 64) % 12)) + 393216*x2 + ((((-768) + x0) % 64))), tmp9, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp11 = tl.load(in_ptr2 + (768*x3 + ((((-768) + x0) % 768))), tmp9, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp12 = tmp10 + tmp11
    tmp13 = tl.full(tmp12.shape, 0.0, tmp12.dtype)
    tmp14 = tl.where(tmp9, tmp12, tmp13)
    tmp15 = tmp0 >= tmp7
    tmp16 = tl.full([1], 2304, tl.int64)
    tmp17 = tmp0 < tmp16
    tmp18 = tl.load(in_ptr3 + (64*x1 + 32768*(((((-1536) + x0) // 64) % 12)) + 393216*x2 + ((((-1536) + x0) % 64))), tmp15, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp19 = tl.load(in_ptr4 + (768*x3 + ((((-1536) + x0) % 768))), tmp15, eviction_policy='evict_last', other=0.0).to(tl.float32)
    tmp20 = tmp18 + tmp19
    tmp21 = tl.full(tmp20.shape, 0.0, tmp20.dtype)
    tmp22 = tl.where(tmp15, tmp20, tmp21)
    tmp23 = tl.where(tmp9, tmp14, tmp22)
    tmp24 = tl.where(tmp4, tmp5, tmp23)
    tl.store(out_ptr0 + (x4), tmp24, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/dz/cdzk3gelmxf2gtxvlruauddt2kxxdkljnrq3a3fdstpb5dxaqcgq.py
# Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_154, sum_3, sum_4], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_102 => add_102
#   convert_element_type_296 => convert_element_type_296
#   mul_154 => mul_154
#   sum_3 => sum_3
#   sum_4 => sum_4
#   view_149 => view_149
# Graph fragment:
#   %tangents_26 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=tangents_26]
#   %mm_default : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %mul_146 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_146]
#   %view_149 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_296 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_149, torch.float32), kwargs = {})
#   %add_102 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_26, %convert_element_type_296), kwargs = {})
#   %mul_154 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_102, %mul_146), kwargs = {})
#   %sum_3 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_154, [0, 1]), kwargs = {})
#   %sum_4 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_102, [0, 1]), kwargs = {})
#   return %buf8,%buf10
triton_red_fused__to_copy_add_native_layer_norm_backward_view_6 = async_compile.triton('triton_red_fused__to_copy_add_native_layer_norm_backward_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_native_layer_norm_backward_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 15925248, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_add_native_layer_norm_backward_view_6(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 12288
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp10 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp4 = tl.load(in_ptr2 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp1.to(tl.float32)
        tmp3 = tmp0 + tmp2
        tmp5 = tmp3 * tmp4
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask, tmp8, _tmp7)
        tmp9 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp11 = _tmp10 + tmp9
        _tmp10 = tl.where(r0_mask, tmp11, _tmp10)
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tmp10 = tl.sum(_tmp10, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp7, None)
    tl.store(out_ptr1 + (x3), tmp10, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/eh/cehgh5dqegufk7fwmgw7v4yovmh5xnc7zpnxv3sl4se6awu6xq6o.py
# Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_154, sum_3], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_102 => add_102
#   convert_element_type_296 => convert_element_type_296
#   mul_154 => mul_154
#   sum_3 => sum_3
#   view_149 => view_149
# Graph fragment:
#   %buf8 : Tensor "f32[768, 16][1, 768]cuda:0" = PlaceHolder[target=buf8]
#   %view_149 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_296 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_149, torch.float32), kwargs = {})
#   %add_102 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_26, %convert_element_type_296), kwargs = {})
#   %mul_154 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_102, %mul_146), kwargs = {})
#   %sum_3 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_154, [0, 1]), kwargs = {})
#   return %sum_3
triton_per_fused__to_copy_add_native_layer_norm_backward_view_7 = async_compile.triton('triton_per_fused__to_copy_add_native_layer_norm_backward_view_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 16},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_layer_norm_backward_view_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 55296, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_layer_norm_backward_view_7(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 768
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ft/cftstdwm2ftbgo3xklmiemgadnxsvdsxmmmerpmj7wzidsg4dirr.py
# Topologically Sorted Source Nodes: [convert_element_type_298, convert_element_type_299, mul_155, mul_156, view_151, sum_5], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
# Source node to ATen node mapping:
#   convert_element_type_298 => convert_element_type_298
#   convert_element_type_299 => convert_element_type_299
#   mul_155 => mul_155
#   mul_156 => mul_156
#   sum_5 => sum_5
#   view_151 => view_151
# Graph fragment:
#   %mul_156 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_156]
#   %convert_element_type_298 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_153, torch.bfloat16), kwargs = {})
#   %convert_element_type_299 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_24, torch.bfloat16), kwargs = {})
#   %mul_155 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_299, 1.1111111111111112), kwargs = {})
#   %mul_156 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_298, %mul_155), kwargs = {})
#   %view_151 : Tensor "bf16[2048, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_156, [2048, 768]), kwargs = {})
#   %sum_5 : Tensor "f32[1, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_151, [0], True), kwargs = {dtype: torch.float32})
#   return %buf15
triton_red_fused__to_copy_native_dropout_backward_sum_view_8 = async_compile.triton('triton_red_fused__to_copy_native_dropout_backward_sum_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_native_dropout_backward_sum_view_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3244032, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_native_dropout_backward_sum_view_8(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 12288
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp3 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp4 = _tmp3 + tmp2
        _tmp3 = tl.where(r0_mask, tmp4, _tmp3)
    tmp3 = tl.sum(_tmp3, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uc/cuckceuocxqnv4fkynvbcrgynslxt3jvub2rippxrx3y4wicfps7.py
# Topologically Sorted Source Nodes: [convert_element_type_317, view_156, mul_172, sum_9, sum_10], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_317 => convert_element_type_317
#   mul_172 => mul_172
#   sum_10 => sum_10
#   sum_9 => sum_9
#   view_156 => view_156
# Graph fragment:
#   %mm_5 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %mul_138 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_138]
#   %convert_element_type_317 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_5, torch.float32), kwargs = {})
#   %view_156 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_317, [4, 512, 768]), kwargs = {})
#   %mul_172 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_156, %mul_138), kwargs = {})
#   %sum_9 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_172, [0, 1]), kwargs = {})
#   %sum_10 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_156, [0, 1]), kwargs = {})
#   return %buf26,%buf28
triton_red_fused__to_copy_native_layer_norm_backward_view_9 = async_compile.triton('triton_red_fused__to_copy_native_layer_norm_backward_view_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_native_layer_norm_backward_view_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9633792, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_native_layer_norm_backward_view_9(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 12288
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp5 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp8 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp1 * tmp2
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = _tmp5 + tmp4
        _tmp5 = tl.where(r0_mask, tmp6, _tmp5)
        tmp7 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp9 = _tmp8 + tmp7
        _tmp8 = tl.where(r0_mask, tmp9, _tmp8)
    tmp5 = tl.sum(_tmp5, 1)[:, None]
    tmp8 = tl.sum(_tmp8, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp5, None)
    tl.store(out_ptr1 + (x3), tmp8, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/fx/cfx77qdw6mfapxmjv4jkxd6g652xob556er3c6ptxsjlj6q5xkh5.py
# Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   add_106 => add_106
#   add_107 => add_107
#   cat => cat
#   clone_26 => clone_26
#   clone_27 => clone_27
#   permute_60 => permute_60
#   permute_61 => permute_61
#   permute_62 => permute_62
#   sum_12 => sum_12
#   view_161 => view_161
#   view_162 => view_162
#   view_163 => view_163
#   view_164 => view_164
# Graph fragment:
#   %cat : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0" = PlaceHolder[target=cat]
#   %add_106 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_25, %getitem_195), kwargs = {})
#   %add_107 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_24, %getitem_196), kwargs = {})
#   %permute_60 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_194, [0, 2, 1, 3]), kwargs = {})
#   %view_161 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_60, [4, 512, 768]), kwargs = {})
#   %permute_61 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_107, [0, 2, 1, 3]), kwargs = {})
#   %clone_26 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_61,), kwargs = {memory_format: torch.contiguous_format})
#   %view_162 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_26, [4, 512, 768]), kwargs = {})
#   %permute_62 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_106, [0, 2, 1, 3]), kwargs = {})
#   %clone_27 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_62,), kwargs = {memory_format: torch.contiguous_format})
#   %view_163 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_27, [4, 512, 768]), kwargs = {})
#   %cat : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_161, %view_163, %view_162], 2), kwargs = {})
#   %view_164 : Tensor "bf16[2048, 2304][2304, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [2048, 2304]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 2304][2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_164, [0], True), kwargs = {dtype: torch.float32})
#   return %buf44
triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10 = async_compile.triton('triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 65536, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9732096, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 36864
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 2304)
    x1 = xindex // 2304
    _tmp3 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 2304*r0_2 + 294912*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp4 = _tmp3 + tmp2
        _tmp3 = tl.where(r0_mask, tmp4, _tmp3)
    tmp3 = tl.sum(_tmp3, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/7u/c7uefpzpsr24dim75j7dordwcbdl2snrue6sdnefcuuebmxgxuul.py
# Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   add_106 => add_106
#   add_107 => add_107
#   cat => cat
#   clone_26 => clone_26
#   clone_27 => clone_27
#   permute_60 => permute_60
#   permute_61 => permute_61
#   permute_62 => permute_62
#   sum_12 => sum_12
#   view_161 => view_161
#   view_162 => view_162
#   view_163 => view_163
#   view_164 => view_164
# Graph fragment:
#   %buf44 : Tensor "f32[1, 2304, 16][36864, 1, 2304]cuda:0" = PlaceHolder[target=buf44]
#   %add_106 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_25, %getitem_195), kwargs = {})
#   %add_107 : Tensor "bf16[4, 12, 512, 64][393216, 32768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_24, %getitem_196), kwargs = {})
#   %permute_60 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_194, [0, 2, 1, 3]), kwargs = {})
#   %view_161 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_60, [4, 512, 768]), kwargs = {})
#   %permute_61 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_107, [0, 2, 1, 3]), kwargs = {})
#   %clone_26 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_61,), kwargs = {memory_format: torch.contiguous_format})
#   %view_162 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_26, [4, 512, 768]), kwargs = {})
#   %permute_62 : Tensor "bf16[4, 512, 12, 64][393216, 64, 32768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_106, [0, 2, 1, 3]), kwargs = {})
#   %clone_27 : Tensor "bf16[4, 512, 12, 64][393216, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_62,), kwargs = {memory_format: torch.contiguous_format})
#   %view_163 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_27, [4, 512, 768]), kwargs = {})
#   %cat : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_161, %view_163, %view_162], 2), kwargs = {})
#   %view_164 : Tensor "bf16[2048, 2304][2304, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [2048, 2304]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 2304][2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_164, [0], True), kwargs = {dtype: torch.float32})
#   return %sum_12
triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11 = async_compile.triton('triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 16},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 165888, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2304
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 2304*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/gy/cgyo3rn6zrlpuogfvjikyudooeidft4rkjrbtn34kgsas57v2gei.py
# Topologically Sorted Source Nodes: [view_154, sum_6], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_6 => sum_6
#   view_154 => view_154
# Graph fragment:
#   %add_104 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0" = PlaceHolder[target=add_104]
#   %view_154 : Tensor "bf16[2048, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_104, [2048, 3072]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_154, [0], True), kwargs = {dtype: torch.float32})
#   return %buf21
triton_red_fused_sum_view_12 = async_compile.triton('triton_red_fused_sum_view_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 65536, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_view_12', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12976128, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_view_12(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 49152
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 3072)
    x1 = xindex // 3072
    _tmp3 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 3072*r0_2 + 393216*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp4 = _tmp3 + tmp2
        _tmp3 = tl.where(r0_mask, tmp4, _tmp3)
    tmp3 = tl.sum(_tmp3, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/hr/chrzgsqcnw7jhqrywovrx3ogr72e7qi34knuypkjaa5lkjgpl6cy.py
# Topologically Sorted Source Nodes: [view_154, sum_6], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_6 => sum_6
#   view_154 => view_154
# Graph fragment:
#   %buf21 : Tensor "f32[1, 3072, 16][49152, 1, 3072]cuda:0" = PlaceHolder[target=buf21]
#   %view_154 : Tensor "bf16[2048, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_104, [2048, 3072]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_154, [0], True), kwargs = {dtype: torch.float32})
#   return %sum_6
triton_per_fused_sum_view_13 = async_compile.triton('triton_per_fused_sum_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 16},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_sum_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 221184, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_sum_view_13(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 3072*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/jj/cjj6sjuxugimhx3ccquzom5rvvwiur45fmz2q2cheratkqu4f65s.py
# Topologically Sorted Source Nodes: [full_default_25], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_25 => full_default_25
# Graph fragment:
#   %full_default_25 : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([1024, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_14 = async_compile.triton('triton_poi_fused_embedding_dense_backward_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6291456}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_14(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 786432
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/xq/cxqx7rexue5ihcujh6c7yaopfh62c6tv7ec6g76zxcqkostbouvu.py
# Topologically Sorted Source Nodes: [convert_element_type_327], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_327 => convert_element_type_327
# Graph fragment:
#   %mm_8 : Tensor "bf16[768, 768][768, 1]cuda:0" = PlaceHolder[target=mm_8]
#   %convert_element_type_327 : Tensor "f32[768, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_8, torch.float32), kwargs = {})
#   return %convert_element_type_327
triton_poi_fused__to_copy_15 = async_compile.triton('triton_poi_fused__to_copy_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_15', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5898240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_15(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 589824
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/re/creou7flvj5rnw2nv3sgh6khfnftxrqn54cdmkl4nbtb6rc7w4fy.py
# Topologically Sorted Source Nodes: [full_default_27], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_27 => full_default_27
# Graph fragment:
#   %full_default_27 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([50257, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_1
triton_poi_fused_embedding_dense_backward_16 = async_compile.triton('triton_poi_fused_embedding_dense_backward_16', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_16', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 308779008}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_16(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38597376
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ff/cfftkhmmjvkbofyoxxdufbkrgs5c6l444d5ndcfraxreetnolubf.py
# Topologically Sorted Source Nodes: [convert_element_type_752, view_342, mul_473, mul_474, sum_145, mul_475, sum_146, mul_476, sub_110, sub_111, mul_477, add_174, convert_element_type_754, mul_479, mul_480, full_default_24, eq_1, unsqueeze_8, where_13, full_default_27, index_put_1], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   add_174 => add_174
#   convert_element_type_752 => convert_element_type_752
#   convert_element_type_754 => convert_element_type_754
#   eq_1 => eq_1
#   full_default_24 => full_default_24
#   full_default_27 => full_default_27
#   index_put_1 => index_put_1
#   mul_473 => mul_473
#   mul_474 => mul_474
#   mul_475 => mul_475
#   mul_476 => mul_476
#   mul_477 => mul_477
#   mul_479 => mul_479
#   mul_480 => mul_480
#   sub_110 => sub_110
#   sub_111 => sub_111
#   sum_145 => sum_145
#   sum_146 => sum_146
#   unsqueeze_8 => unsqueeze_8
#   view_342 => view_342
#   where_13 => where_13
# Graph fragment:
#   %mm_97 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_97]
#   %primals_4 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_4]
#   %mul_2 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_2]
#   %add_171 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_171]
#   %div_24 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=div_24]
#   %sum_145 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_145]
#   %sum_146 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_146]
#   %gt : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt]
#   %primals_1 : Tensor "i64[4, 512][512, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %mul_480 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_480]
#   %index_put_1 : Tensor "f32[50257, 768][768, 1]cuda:0" = PlaceHolder[target=index_put_1]
#   %convert_element_type_752 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_97, torch.float32), kwargs = {})
#   %view_342 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_752, [4, 512, 768]), kwargs = {})
#   %mul_473 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_342, %primals_4), kwargs = {})
#   %mul_474 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_473, 768), kwargs = {})
#   %sum_145 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_473, [2], True), kwargs = {})
#   %mul_475 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_473, %mul_2), kwargs = {})
#   %sum_146 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_475, [2], True), kwargs = {})
#   %mul_476 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, %sum_146), kwargs = {})
#   %sub_110 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_474, %sum_145), kwargs = {})
#   %sub_111 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_110, %mul_476), kwargs = {})
#   %mul_477 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_24, %sub_111), kwargs = {})
#   %add_174 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_171, %mul_477), kwargs = {})
#   %convert_element_type_754 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt, torch.float32), kwargs = {})
#   %mul_479 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_754, 1.1111111111111112), kwargs = {})
#   %mul_480 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_174, %mul_479), kwargs = {})
#   %full_default_24 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %eq_1 : Tensor "b8[4, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%primals_1, -1), kwargs = {})
#   %unsqueeze_8 : Tensor "b8[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_1, -1), kwargs = {})
#   %where_13 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_8, %full_default_24, %mul_480), kwargs = {})
#   %full_default_27 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([50257, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put_1 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_27, [%primals_1], %where_13, True), kwargs = {})
#   return %sum_145,%sum_146,%mul_480,%buf519
triton_per_fused__to_copy_add_embedding_dense_backward_native_dropout_backward_native_layer_norm_backward_view_17 = async_compile.triton('triton_per_fused__to_copy_add_embedding_dense_backward_native_dropout_backward_native_layer_norm_backward_view_17', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 2048, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*i1', 'in_ptr5': '*i64', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_embedding_dense_backward_native_dropout_backward_native_layer_norm_backward_view_17', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr2'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 7, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 24576, 'r0_': 29887488}}
)
@triton.jit
def triton_per_fused__to_copy_add_embedding_dense_backward_native_dropout_backward_native_layer_norm_backward_view_17(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2048
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp14 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp15 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp23 = tl.load(in_ptr4 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.int1)
    tmp28 = tl.load(in_ptr5 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(r0_mask & xmask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp9 = tmp3 * tmp8
    tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp12 = tl.where(r0_mask & xmask, tmp10, 0)
    tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 768.0, tl.float32)
    tmp17 = tmp3 * tmp16
    tmp18 = tmp17 - tmp7
    tmp19 = tmp8 * tmp13
    tmp20 = tmp18 - tmp19
    tmp21 = tmp15 * tmp20
    tmp22 = tmp14 + tmp21
    tmp24 = tmp23.to(tl.float32)
    tmp25 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp26 = tmp24 * tmp25
    tmp27 = tmp22 * tmp26
    tmp29 = tl.full([1, 1], 50257, tl.int32)
    tmp30 = tmp28 + tmp29
    tmp31 = tmp28 < 0
    tmp32 = tl.where(tmp31, tmp30, tmp28)
    tl.device_assert(((0 <= tmp32) & (tmp32 < 50257)) | ~(xmask), "index out of bounds: 0 <= tmp32 < 50257")
    tmp34 = tl.full([1, 1], -1, tl.int64)
    tmp35 = tmp28 == tmp34
    tmp36 = tl.full([1, 1], 0.0, tl.float32)
    tmp37 = tl.where(tmp35, tmp36, tmp27)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp27, r0_mask & xmask)
    tl.atomic_add(out_ptr2 + (tl.broadcast_to(r0_1 + 768*tmp32, [XBLOCK, R0_BLOCK])), tmp37, r0_mask & xmask, sem='relaxed')
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ll/cllwl7snyezbekpg7zoap2l5wdo3th2rkbehftw5wpghjzewi7mg.py
# Topologically Sorted Source Nodes: [sum_149, eq, unsqueeze_7, full_default_24, where_12, full_default_25, index_put], Original ATen: [aten.sum, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   eq => eq
#   full_default_24 => full_default_24
#   full_default_25 => full_default_25
#   index_put => index_put
#   sum_149 => sum_149
#   unsqueeze_7 => unsqueeze_7
#   where_12 => where_12
# Graph fragment:
#   %unsqueeze : Tensor "i64[1, 512][512, 1]cuda:0" = PlaceHolder[target=unsqueeze]
#   %mul_480 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_480]
#   %index_put : Tensor "f32[1024, 768][768, 1]cuda:0" = PlaceHolder[target=index_put]
#   %sum_149 : Tensor "f32[1, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_480, [0], True), kwargs = {dtype: torch.float32})
#   %eq : Tensor "b8[1, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%unsqueeze, -1), kwargs = {})
#   %unsqueeze_7 : Tensor "b8[1, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq, -1), kwargs = {})
#   %full_default_24 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_12 : Tensor "f32[1, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_7, %full_default_24, %sum_149), kwargs = {})
#   %full_default_25 : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([1024, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_25, [%unsqueeze], %where_12, True), kwargs = {})
#   return %buf517
triton_poi_fused_embedding_dense_backward_sum_18 = async_compile.triton('triton_poi_fused_embedding_dense_backward_sum_18', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 524288}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_sum_18', 'mutated_arg_names': ['out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': True, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6291456}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_sum_18(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 393216
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x1 = xindex // 768
    x2 = xindex
    x0 = (xindex % 768)
    tmp0 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr1 + (x2), None)
    tmp9 = tl.load(in_ptr1 + (393216 + x2), None)
    tmp11 = tl.load(in_ptr1 + (786432 + x2), None)
    tmp13 = tl.load(in_ptr1 + (1179648 + x2), None)
    tmp1 = tl.full([XBLOCK], 1024, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert((0 <= tmp4) & (tmp4 < 1024), "index out of bounds: 0 <= tmp4 < 1024")
    tmp6 = tl.full([1], -1, tl.int64)
    tmp7 = tmp0 == tmp6
    tmp10 = tmp8 + tmp9
    tmp12 = tmp10 + tmp11
    tmp14 = tmp12 + tmp13
    tmp15 = tl.full([1], 0.0, tl.float32)
    tmp16 = tl.where(tmp7, tmp15, tmp14)
    tl.atomic_add(out_ptr0 + (x0 + 768*tmp4), tmp16, None, sem='relaxed')
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/6w/c6w5dw6mu6o74okqdnpvtp4ab4b24ofprxzroppsaijkxhscbbep.py
# Topologically Sorted Source Nodes: [convert_element_type_335], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_335 => convert_element_type_335
# Graph fragment:
#   %mm_10 : Tensor "bf16[768, 2304][2304, 1]cuda:0" = PlaceHolder[target=mm_10]
#   %convert_element_type_335 : Tensor "f32[768, 2304][2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_10, torch.float32), kwargs = {})
#   return %convert_element_type_335
triton_poi_fused__to_copy_19 = async_compile.triton('triton_poi_fused__to_copy_19', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_19', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 17694720}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_19(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1769472
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4c/c4cryaahykrrz4y4otbd7udl2v4zvvadaeu3orizzk5rkcooxdqe.py
# Topologically Sorted Source Nodes: [convert_element_type_307], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_307 => convert_element_type_307
# Graph fragment:
#   %mm_4 : Tensor "bf16[3072, 768][768, 1]cuda:0" = PlaceHolder[target=mm_4]
#   %convert_element_type_307 : Tensor "f32[3072, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_4, torch.float32), kwargs = {})
#   return %convert_element_type_307
triton_poi_fused__to_copy_20 = async_compile.triton('triton_poi_fused__to_copy_20', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_20', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 23592960}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_20(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2359296
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/75/c75ymlien22virban7vxsmlxwn53xgqimkmlzxbn4dgkuxcvxn5m.py
# Topologically Sorted Source Nodes: [slice_tensor, convert_element_type_297, add_175], Original ATen: [aten.mm, aten._to_copy, aten.add]
# Source node to ATen node mapping:
#   add_175 => add_175
#   convert_element_type_297 => convert_element_type_297
#   slice_tensor => slice_tensor
# Graph fragment:
#   %mm_default_1 : Tensor "bf16[50264, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %buf519 : Tensor "f32[50257, 768][768, 1]cuda:0" = PlaceHolder[target=buf519]
#   %slice_tensor : Tensor "bf16[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%mm_default_1, 0, 0, -7), kwargs = {})
#   %convert_element_type_297 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%slice_tensor, torch.float32), kwargs = {})
#   %add_175 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_297, %index_put_1), kwargs = {})
#   return %add_175
triton_poi_fused__to_copy_add_mm_21 = async_compile.triton('triton_poi_fused__to_copy_add_mm_21', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_mm_21', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 385973760}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_mm_21(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38597376
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 + tmp2
    tl.store(out_ptr0 + (x0), tmp3, xmask)
''', device_str='cuda')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        primals_1, primals_4, primals_10, primals_16, primals_22, primals_28, primals_34, primals_40, primals_46, primals_52, primals_58, primals_64, primals_70, primals_76, primals_82, primals_88, primals_94, primals_100, primals_106, primals_112, primals_118, primals_124, primals_130, primals_136, primals_142, primals_148, unsqueeze, gt, mul_2, permute_2, clone, clone_1, where, getitem_5, getitem_6, getitem_11, getitem_12, gt_1, mul_6, addmm_2, gt_2, mul_14, permute_6, clone_2, clone_3, getitem_21, getitem_22, getitem_27, getitem_28, gt_3, mul_18, addmm_6, gt_4, mul_26, permute_10, clone_4, clone_5, getitem_37, getitem_38, getitem_43, getitem_44, gt_5, mul_30, addmm_10, gt_6, mul_38, permute_14, clone_6, clone_7, getitem_53, getitem_54, getitem_59, getitem_60, gt_7, mul_42, addmm_14, gt_8, mul_50, permute_18, clone_8, clone_9, getitem_69, getitem_70, getitem_75, getitem_76, gt_9, mul_54, addmm_18, gt_10, mul_62, permute_22, clone_10, clone_11, getitem_85, getitem_86, getitem_91, getitem_92, gt_11, mul_66, addmm_22, gt_12, mul_74, permute_26, clone_12, clone_13, getitem_101, getitem_102, getitem_107, getitem_108, gt_13, mul_78, addmm_26, gt_14, mul_86, permute_30, clone_14, clone_15, getitem_117, getitem_118, getitem_123, getitem_124, gt_15, mul_90, addmm_30, gt_16, mul_98, permute_34, clone_16, clone_17, getitem_133, getitem_134, getitem_139, getitem_140, gt_17, mul_102, addmm_34, gt_18, mul_110, permute_38, clone_18, clone_19, getitem_149, getitem_150, getitem_155, getitem_156, gt_19, mul_114, addmm_38, gt_20, mul_122, permute_42, clone_20, clone_21, getitem_165, getitem_166, getitem_171, getitem_172, gt_21, mul_126, addmm_42, gt_22, mul_134, permute_46, clone_22, clone_23, getitem_181, getitem_182, getitem_187, getitem_188, gt_23, mul_138, addmm_46, gt_24, mul_146, view_146, permute_51, div, permute_53, permute_54, permute_55, permute_56, div_1, permute_57, permute_63, permute_64, div_2, permute_65, permute_66, permute_67, permute_68, div_3, permute_69, permute_75, permute_76, div_4, permute_77, permute_78, permute_79, permute_80, div_5, permute_81, permute_87, permute_88, div_6, permute_89, permute_90, permute_91, permute_92, div_7, permute_93, permute_99, permute_100, div_8, permute_101, permute_102, permute_103, permute_104, div_9, permute_105, permute_111, permute_112, div_10, permute_113, permute_114, permute_115, permute_116, div_11, permute_117, permute_123, permute_124, div_12, permute_125, permute_126, permute_127, permute_128, div_13, permute_129, permute_135, permute_136, div_14, permute_137, permute_138, permute_139, permute_140, div_15, permute_141, permute_147, permute_148, div_16, permute_149, permute_150, permute_151, permute_152, div_17, permute_153, permute_159, permute_160, div_18, permute_161, permute_162, permute_163, permute_164, div_19, permute_165, permute_171, permute_172, div_20, permute_173, permute_174, permute_175, permute_176, div_21, permute_177, permute_183, permute_184, div_22, permute_185, permute_186, permute_187, permute_188, div_23, permute_189, permute_195, permute_196, div_24, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10, tangents_11, tangents_12, tangents_13, tangents_14, tangents_15, tangents_16, tangents_17, tangents_18, tangents_19, tangents_20, tangents_21, tangents_22, tangents_23, tangents_24, tangents_25, tangents_26 = args
        args.clear()
        assert_size_stride(primals_1, (4, 512), (512, 1))
        assert_size_stride(primals_4, (768, ), (1, ))
        assert_size_stride(primals_10, (768, ), (1, ))
        assert_size_stride(primals_16, (768, ), (1, ))
        assert_size_stride(primals_22, (768, ), (1, ))
        assert_size_stride(primals_28, (768, ), (1, ))
        assert_size_stride(primals_34, (768, ), (1, ))
        assert_size_stride(primals_40, (768, ), (1, ))
        assert_size_stride(primals_46, (768, ), (1, ))
        assert_size_stride(primals_52, (768, ), (1, ))
        assert_size_stride(primals_58, (768, ), (1, ))
        assert_size_stride(primals_64, (768, ), (1, ))
        assert_size_stride(primals_70, (768, ), (1, ))
        assert_size_stride(primals_76, (768, ), (1, ))
        assert_size_stride(primals_82, (768, ), (1, ))
        assert_size_stride(primals_88, (768, ), (1, ))
        assert_size_stride(primals_94, (768, ), (1, ))
        assert_size_stride(primals_100, (768, ), (1, ))
        assert_size_stride(primals_106, (768, ), (1, ))
        assert_size_stride(primals_112, (768, ), (1, ))
        assert_size_stride(primals_118, (768, ), (1, ))
        assert_size_stride(primals_124, (768, ), (1, ))
        assert_size_stride(primals_130, (768, ), (1, ))
        assert_size_stride(primals_136, (768, ), (1, ))
        assert_size_stride(primals_142, (768, ), (1, ))
        assert_size_stride(primals_148, (768, ), (1, ))
        assert_size_stride(unsqueeze, (1, 512), (512, 1))
        assert_size_stride(gt, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_2, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_2, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_1, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(where, (4, 1, 512, 512), (262144, 262144, 512, 1))
        assert_size_stride(getitem_5, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_6, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_11, (), ())
        assert_size_stride(getitem_12, (), ())
        assert_size_stride(gt_1, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_6, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_2, (2048, 3072), (3072, 1))
        assert_size_stride(gt_2, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_14, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_6, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_2, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_3, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_21, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_22, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_27, (), ())
        assert_size_stride(getitem_28, (), ())
        assert_size_stride(gt_3, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_18, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_6, (2048, 3072), (3072, 1))
        assert_size_stride(gt_4, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_26, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_10, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_4, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_5, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_37, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_38, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_43, (), ())
        assert_size_stride(getitem_44, (), ())
        assert_size_stride(gt_5, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_30, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_10, (2048, 3072), (3072, 1))
        assert_size_stride(gt_6, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_38, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_14, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_6, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_7, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_53, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_54, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_59, (), ())
        assert_size_stride(getitem_60, (), ())
        assert_size_stride(gt_7, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_42, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_14, (2048, 3072), (3072, 1))
        assert_size_stride(gt_8, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_50, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_18, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_8, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_9, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_69, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_70, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_75, (), ())
        assert_size_stride(getitem_76, (), ())
        assert_size_stride(gt_9, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_54, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_18, (2048, 3072), (3072, 1))
        assert_size_stride(gt_10, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_62, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_22, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_10, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_11, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_85, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_86, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_91, (), ())
        assert_size_stride(getitem_92, (), ())
        assert_size_stride(gt_11, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_66, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_22, (2048, 3072), (3072, 1))
        assert_size_stride(gt_12, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_74, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_26, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_12, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_13, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_101, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_102, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_107, (), ())
        assert_size_stride(getitem_108, (), ())
        assert_size_stride(gt_13, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_78, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_26, (2048, 3072), (3072, 1))
        assert_size_stride(gt_14, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_86, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_30, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_14, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_15, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_117, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_118, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_123, (), ())
        assert_size_stride(getitem_124, (), ())
        assert_size_stride(gt_15, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_90, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_30, (2048, 3072), (3072, 1))
        assert_size_stride(gt_16, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_98, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_34, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_16, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_17, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_133, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_134, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_139, (), ())
        assert_size_stride(getitem_140, (), ())
        assert_size_stride(gt_17, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_102, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_34, (2048, 3072), (3072, 1))
        assert_size_stride(gt_18, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_110, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_38, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_18, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_19, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_149, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_150, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_155, (), ())
        assert_size_stride(getitem_156, (), ())
        assert_size_stride(gt_19, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_114, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_38, (2048, 3072), (3072, 1))
        assert_size_stride(gt_20, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_122, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_42, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_20, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_21, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_165, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_166, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_171, (), ())
        assert_size_stride(getitem_172, (), ())
        assert_size_stride(gt_21, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_126, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_42, (2048, 3072), (3072, 1))
        assert_size_stride(gt_22, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_134, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(permute_46, (4, 12, 512, 64), (1179648, 64, 2304, 1))
        assert_size_stride(clone_22, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(clone_23, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_181, (4, 12, 512, 64), (393216, 64, 768, 1))
        assert_size_stride(getitem_182, (4, 12, 512, 1), (6144, 512, 1, 1))
        assert_size_stride(getitem_187, (), ())
        assert_size_stride(getitem_188, (), ())
        assert_size_stride(gt_23, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_138, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(addmm_46, (2048, 3072), (3072, 1))
        assert_size_stride(gt_24, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(mul_146, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(view_146, (2048, 768), (768, 1))
        assert_size_stride(permute_51, (50257, 768), (768, 1))
        assert_size_stride(div, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_53, (768, 3072), (1, 768))
        assert_size_stride(permute_54, (3072, 2048), (1, 3072))
        assert_size_stride(permute_55, (3072, 768), (1, 3072))
        assert_size_stride(permute_56, (768, 2048), (1, 768))
        assert_size_stride(div_1, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_57, (768, 768), (1, 768))
        assert_size_stride(permute_63, (2304, 768), (1, 2304))
        assert_size_stride(permute_64, (768, 2048), (1, 768))
        assert_size_stride(div_2, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_65, (768, 3072), (1, 768))
        assert_size_stride(permute_66, (3072, 2048), (1, 3072))
        assert_size_stride(permute_67, (3072, 768), (1, 3072))
        assert_size_stride(permute_68, (768, 2048), (1, 768))
        assert_size_stride(div_3, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_69, (768, 768), (1, 768))
        assert_size_stride(permute_75, (2304, 768), (1, 2304))
        assert_size_stride(permute_76, (768, 2048), (1, 768))
        assert_size_stride(div_4, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_77, (768, 3072), (1, 768))
        assert_size_stride(permute_78, (3072, 2048), (1, 3072))
        assert_size_stride(permute_79, (3072, 768), (1, 3072))
        assert_size_stride(permute_80, (768, 2048), (1, 768))
        assert_size_stride(div_5, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_81, (768, 768), (1, 768))
        assert_size_stride(permute_87, (2304, 768), (1, 2304))
        assert_size_stride(permute_88, (768, 2048), (1, 768))
        assert_size_stride(div_6, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_89, (768, 3072), (1, 768))
        assert_size_stride(permute_90, (3072, 2048), (1, 3072))
        assert_size_stride(permute_91, (3072, 768), (1, 3072))
        assert_size_stride(permute_92, (768, 2048), (1, 768))
        assert_size_stride(div_7, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_93, (768, 768), (1, 768))
        assert_size_stride(permute_99, (2304, 768), (1, 2304))
        assert_size_stride(permute_100, (768, 2048), (1, 768))
        assert_size_stride(div_8, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_101, (768, 3072), (1, 768))
        assert_size_stride(permute_102, (3072, 2048), (1, 3072))
        assert_size_stride(permute_103, (3072, 768), (1, 3072))
        assert_size_stride(permute_104, (768, 2048), (1, 768))
        assert_size_stride(div_9, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_105, (768, 768), (1, 768))
        assert_size_stride(permute_111, (2304, 768), (1, 2304))
        assert_size_stride(permute_112, (768, 2048), (1, 768))
        assert_size_stride(div_10, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_113, (768, 3072), (1, 768))
        assert_size_stride(permute_114, (3072, 2048), (1, 3072))
        assert_size_stride(permute_115, (3072, 768), (1, 3072))
        assert_size_stride(permute_116, (768, 2048), (1, 768))
        assert_size_stride(div_11, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_117, (768, 768), (1, 768))
        assert_size_stride(permute_123, (2304, 768), (1, 2304))
        assert_size_stride(permute_124, (768, 2048), (1, 768))
        assert_size_stride(div_12, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_125, (768, 3072), (1, 768))
        assert_size_stride(permute_126, (3072, 2048), (1, 3072))
        assert_size_stride(permute_127, (3072, 768), (1, 3072))
        assert_size_stride(permute_128, (768, 2048), (1, 768))
        assert_size_stride(div_13, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_129, (768, 768), (1, 768))
        assert_size_stride(permute_135, (2304, 768), (1, 2304))
        assert_size_stride(permute_136, (768, 2048), (1, 768))
        assert_size_stride(div_14, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_137, (768, 3072), (1, 768))
        assert_size_stride(permute_138, (3072, 2048), (1, 3072))
        assert_size_stride(permute_139, (3072, 768), (1, 3072))
        assert_size_stride(permute_140, (768, 2048), (1, 768))
        assert_size_stride(div_15, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_141, (768, 768), (1, 768))
        assert_size_stride(permute_147, (2304, 768), (1, 2304))
        assert_size_stride(permute_148, (768, 2048), (1, 768))
        assert_size_stride(div_16, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_149, (768, 3072), (1, 768))
        assert_size_stride(permute_150, (3072, 2048), (1, 3072))
        assert_size_stride(permute_151, (3072, 768), (1, 3072))
        assert_size_stride(permute_152, (768, 2048), (1, 768))
        assert_size_stride(div_17, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_153, (768, 768), (1, 768))
        assert_size_stride(permute_159, (2304, 768), (1, 2304))
        assert_size_stride(permute_160, (768, 2048), (1, 768))
        assert_size_stride(div_18, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_161, (768, 3072), (1, 768))
        assert_size_stride(permute_162, (3072, 2048), (1, 3072))
        assert_size_stride(permute_163, (3072, 768), (1, 3072))
        assert_size_stride(permute_164, (768, 2048), (1, 768))
        assert_size_stride(div_19, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_165, (768, 768), (1, 768))
        assert_size_stride(permute_171, (2304, 768), (1, 2304))
        assert_size_stride(permute_172, (768, 2048), (1, 768))
        assert_size_stride(div_20, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_173, (768, 3072), (1, 768))
        assert_size_stride(permute_174, (3072, 2048), (1, 3072))
        assert_size_stride(permute_175, (3072, 768), (1, 3072))
        assert_size_stride(permute_176, (768, 2048), (1, 768))
        assert_size_stride(div_21, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_177, (768, 768), (1, 768))
        assert_size_stride(permute_183, (2304, 768), (1, 2304))
        assert_size_stride(permute_184, (768, 2048), (1, 768))
        assert_size_stride(div_22, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_185, (768, 3072), (1, 768))
        assert_size_stride(permute_186, (3072, 2048), (1, 3072))
        assert_size_stride(permute_187, (3072, 768), (1, 3072))
        assert_size_stride(permute_188, (768, 2048), (1, 768))
        assert_size_stride(div_23, (4, 512, 1), (512, 1, 1))
        assert_size_stride(permute_189, (768, 768), (1, 768))
        assert_size_stride(permute_195, (2304, 768), (1, 2304))
        assert_size_stride(permute_196, (768, 2048), (1, 768))
        assert_size_stride(div_24, (4, 512, 1), (512, 1, 1))
        assert_size_stride(tangents_1, (4, 512, 50257), (25731584, 50257, 1))
        assert_size_stride(tangents_2, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_3, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_4, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_5, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_6, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_7, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_8, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_9, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_10, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_11, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_12, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_13, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_14, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_15, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_16, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_17, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_18, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_19, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_20, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_21, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_22, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_23, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_24, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_25, (4, 12, 512, 64), (393216, 32768, 64, 1))
        assert_size_stride(tangents_26, (4, 512, 768), (393216, 768, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf3 = empty_strided_cuda((50264, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [constant_pad_nd_default_1], Original ATen: [aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_0.run(permute_51, buf3, 38602752, stream=stream0)
            del permute_51
            buf0 = empty_strided_cuda((50264, 2048), (1, 50304), torch.bfloat16)
            buf2 = empty_strided_cuda((2048, 50264), (50304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_148, permute_49, constant_pad_nd_default_2, constant_pad_nd_default], Original ATen: [aten.view, aten.t, aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_t_view_1.run(tangents_1, buf0, buf2, 102940672, stream=stream0)
            del tangents_1
            buf4 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_148, constant_pad_nd_default, constant_pad_nd_default_1, mm_default], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(buf2, buf3, out=buf4)
            del buf2
            buf7 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf12 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_149, mul_150, sum_1, mul_151, sum_2, mul_152, sub_26, sub_27, mul_153, convert_element_type_298, convert_element_type_299, mul_155, mul_156], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_2.run(tangents_26, buf4, primals_148, mul_146, div, gt_24, buf7, buf12, 2048, 768, stream=stream0)
            del div
            del gt_24
            del primals_148
            buf13 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_298, convert_element_type_299, mul_155, mul_156, view_151, mm_3], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf12, (2048, 768), (768, 1), 0), permute_53, out=buf13)
            del permute_53
            buf18 = reinterpret_tensor(buf13, (4, 512, 3072), (1572864, 3072, 1), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_306, view_153, x_93, mul_44, mul_157, pow_12, mul_45, add_49, mul_46, tanh_11, add_50, mul_158, convert_element_type_308, mul_159, sub_28, mul_160, mul_161, convert_element_type_309, mul_162, pow_13, mul_163, mul_164, convert_element_type_310, add_103, mul_165, add_104], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf18, addmm_46, 6291456, stream=stream0)
            del addmm_46
            buf19 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_154, mm_5], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf18, (2048, 3072), (3072, 1), 0), permute_55, out=buf19)
            del permute_55
            buf30 = buf7; del buf7  # reuse
            buf31 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_317, view_156, mul_167, mul_168, sum_7, mul_169, sum_8, mul_170, sub_30, sub_31, mul_171, add_105, convert_element_type_319, convert_element_type_320, mul_173, mul_174], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf30, buf19, primals_142, mul_138, div_1, gt_23, buf31, 2048, 768, stream=stream0)
            del div_1
            del gt_23
            del primals_142
            buf32 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_319, convert_element_type_320, mul_173, mul_174, view_157, mm_7], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf31, (2048, 768), (768, 1), 0), permute_57, out=buf32)
            del permute_57
            # Topologically Sorted Source Nodes: [view_159, view_160, permute_59, _scaled_dot_product_cudnn_attention_backward], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf37 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf32, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_46, clone_22, clone_23, getitem_181, getitem_182, getitem_187, getitem_188, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_22
            del clone_23
            del getitem_182
            del getitem_187
            del getitem_188
            del permute_46
            buf38 = buf37[0]
            assert_size_stride(buf38, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf38, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf39 = buf37[1]
            assert_size_stride(buf39, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf39, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf40 = buf37[2]
            assert_size_stride(buf40, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf40, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf37
            buf41 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf38, tangents_25, buf39, tangents_24, buf40, buf41, 4718592, stream=stream0)
            del tangents_24
            del tangents_25
            buf42 = reinterpret_tensor(buf40, (2048, 768), (768, 1), 0); del buf40  # reuse
            # Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, mm_9], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf41, (2048, 2304), (2304, 1), 0), permute_63, out=buf42)
            del permute_63
            buf53 = buf30; del buf30  # reuse
            buf54 = reinterpret_tensor(buf39, (4, 512, 768), (393216, 768, 1), 0); del buf39  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_334, view_166, mul_176, mul_177, sum_13, mul_178, sum_14, mul_179, sub_33, sub_34, mul_180, add_108, convert_element_type_336, convert_element_type_337, mul_182, mul_183], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf53, buf42, primals_136, mul_134, div_2, gt_22, buf54, 2048, 768, stream=stream0)
            del div_2
            del gt_22
            del primals_136
            buf55 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_336, convert_element_type_337, mul_182, mul_183, view_167, mm_11], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf54, (2048, 768), (768, 1), 0), permute_65, out=buf55)
            del permute_65
            buf60 = reinterpret_tensor(buf55, (4, 512, 3072), (1572864, 3072, 1), 0); del buf55  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_344, view_169, x_85, mul_40, mul_184, pow_11, mul_41, add_45, mul_42, tanh_10, add_46, mul_185, convert_element_type_346, mul_186, sub_35, mul_187, mul_188, convert_element_type_347, mul_189, pow_14, mul_190, mul_191, convert_element_type_348, add_109, mul_192, add_110], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf60, addmm_42, 6291456, stream=stream0)
            del addmm_42
            buf61 = reinterpret_tensor(buf38, (2048, 768), (768, 1), 0); del buf38  # reuse
            # Topologically Sorted Source Nodes: [view_170, mm_13], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf60, (2048, 3072), (3072, 1), 0), permute_67, out=buf61)
            del permute_67
            buf72 = buf53; del buf53  # reuse
            buf73 = reinterpret_tensor(buf32, (4, 512, 768), (393216, 768, 1), 0); del buf32  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_355, view_172, mul_194, mul_195, sum_19, mul_196, sum_20, mul_197, sub_37, sub_38, mul_198, add_111, convert_element_type_357, convert_element_type_358, mul_200, mul_201], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf72, buf61, primals_130, mul_126, div_3, gt_21, buf73, 2048, 768, stream=stream0)
            del div_3
            del gt_21
            del primals_130
            buf74 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_357, convert_element_type_358, mul_200, mul_201, view_173, mm_15], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf73, (2048, 768), (768, 1), 0), permute_69, out=buf74)
            del permute_69
            # Topologically Sorted Source Nodes: [view_175, view_176, permute_71, _scaled_dot_product_cudnn_attention_backward_1], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf79 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf74, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_42, clone_20, clone_21, getitem_165, getitem_166, getitem_171, getitem_172, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_20
            del clone_21
            del getitem_166
            del getitem_171
            del getitem_172
            del permute_42
            buf80 = buf79[0]
            assert_size_stride(buf80, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf80, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf81 = buf79[1]
            assert_size_stride(buf81, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf81, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf82 = buf79[2]
            assert_size_stride(buf82, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf82, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf79
            buf83 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_112, add_113, permute_72, view_177, permute_73, clone_30, view_178, permute_74, clone_31, view_179, cat_1], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf80, tangents_23, buf81, tangents_22, buf82, buf83, 4718592, stream=stream0)
            del tangents_22
            del tangents_23
            buf84 = reinterpret_tensor(buf82, (2048, 768), (768, 1), 0); del buf82  # reuse
            # Topologically Sorted Source Nodes: [add_112, add_113, permute_72, view_177, permute_73, clone_30, view_178, permute_74, clone_31, view_179, cat_1, view_180, mm_17], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf83, (2048, 2304), (2304, 1), 0), permute_75, out=buf84)
            del permute_75
            buf95 = buf72; del buf72  # reuse
            buf96 = reinterpret_tensor(buf81, (4, 512, 768), (393216, 768, 1), 0); del buf81  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_372, view_182, mul_203, mul_204, sum_25, mul_205, sum_26, mul_206, sub_40, sub_41, mul_207, add_114, convert_element_type_374, convert_element_type_375, mul_209, mul_210], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf95, buf84, primals_124, mul_122, div_4, gt_20, buf96, 2048, 768, stream=stream0)
            del div_4
            del gt_20
            del primals_124
            buf97 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_374, convert_element_type_375, mul_209, mul_210, view_183, mm_19], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf96, (2048, 768), (768, 1), 0), permute_77, out=buf97)
            del permute_77
            buf102 = reinterpret_tensor(buf97, (4, 512, 3072), (1572864, 3072, 1), 0); del buf97  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_382, view_185, x_77, mul_36, mul_211, pow_10, mul_37, add_41, mul_38, tanh_9, add_42, mul_212, convert_element_type_384, mul_213, sub_42, mul_214, mul_215, convert_element_type_385, mul_216, pow_15, mul_217, mul_218, convert_element_type_386, add_115, mul_219, add_116], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf102, addmm_38, 6291456, stream=stream0)
            del addmm_38
            buf103 = reinterpret_tensor(buf80, (2048, 768), (768, 1), 0); del buf80  # reuse
            # Topologically Sorted Source Nodes: [view_186, mm_21], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf102, (2048, 3072), (3072, 1), 0), permute_79, out=buf103)
            del permute_79
            buf114 = buf95; del buf95  # reuse
            buf115 = reinterpret_tensor(buf74, (4, 512, 768), (393216, 768, 1), 0); del buf74  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_393, view_188, mul_221, mul_222, sum_31, mul_223, sum_32, mul_224, sub_44, sub_45, mul_225, add_117, convert_element_type_395, convert_element_type_396, mul_227, mul_228], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf114, buf103, primals_118, mul_114, div_5, gt_19, buf115, 2048, 768, stream=stream0)
            del div_5
            del gt_19
            del primals_118
            buf116 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_395, convert_element_type_396, mul_227, mul_228, view_189, mm_23], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf115, (2048, 768), (768, 1), 0), permute_81, out=buf116)
            del permute_81
            # Topologically Sorted Source Nodes: [view_191, view_192, permute_83, _scaled_dot_product_cudnn_attention_backward_2], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf121 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf116, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_38, clone_18, clone_19, getitem_149, getitem_150, getitem_155, getitem_156, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_18
            del clone_19
            del getitem_150
            del getitem_155
            del getitem_156
            del permute_38
            buf122 = buf121[0]
            assert_size_stride(buf122, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf122, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf123 = buf121[1]
            assert_size_stride(buf123, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf123, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf124 = buf121[2]
            assert_size_stride(buf124, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf124, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf121
            buf125 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_118, add_119, permute_84, view_193, permute_85, clone_34, view_194, permute_86, clone_35, view_195, cat_2], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf122, tangents_21, buf123, tangents_20, buf124, buf125, 4718592, stream=stream0)
            del tangents_20
            del tangents_21
            buf126 = reinterpret_tensor(buf124, (2048, 768), (768, 1), 0); del buf124  # reuse
            # Topologically Sorted Source Nodes: [add_118, add_119, permute_84, view_193, permute_85, clone_34, view_194, permute_86, clone_35, view_195, cat_2, view_196, mm_25], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf125, (2048, 2304), (2304, 1), 0), permute_87, out=buf126)
            del permute_87
            buf137 = buf114; del buf114  # reuse
            buf138 = reinterpret_tensor(buf123, (4, 512, 768), (393216, 768, 1), 0); del buf123  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_410, view_198, mul_230, mul_231, sum_37, mul_232, sum_38, mul_233, sub_47, sub_48, mul_234, add_120, convert_element_type_412, convert_element_type_413, mul_236, mul_237], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf137, buf126, primals_112, mul_110, div_6, gt_18, buf138, 2048, 768, stream=stream0)
            del div_6
            del gt_18
            del primals_112
            buf139 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_412, convert_element_type_413, mul_236, mul_237, view_199, mm_27], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf138, (2048, 768), (768, 1), 0), permute_89, out=buf139)
            del permute_89
            buf144 = reinterpret_tensor(buf139, (4, 512, 3072), (1572864, 3072, 1), 0); del buf139  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_420, view_201, x_69, mul_32, mul_238, pow_9, mul_33, add_37, mul_34, tanh_8, add_38, mul_239, convert_element_type_422, mul_240, sub_49, mul_241, mul_242, convert_element_type_423, mul_243, pow_16, mul_244, mul_245, convert_element_type_424, add_121, mul_246, add_122], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf144, addmm_34, 6291456, stream=stream0)
            del addmm_34
            buf145 = reinterpret_tensor(buf122, (2048, 768), (768, 1), 0); del buf122  # reuse
            # Topologically Sorted Source Nodes: [view_202, mm_29], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf144, (2048, 3072), (3072, 1), 0), permute_91, out=buf145)
            del permute_91
            buf156 = buf137; del buf137  # reuse
            buf157 = reinterpret_tensor(buf116, (4, 512, 768), (393216, 768, 1), 0); del buf116  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_431, view_204, mul_248, mul_249, sum_43, mul_250, sum_44, mul_251, sub_51, sub_52, mul_252, add_123, convert_element_type_433, convert_element_type_434, mul_254, mul_255], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf156, buf145, primals_106, mul_102, div_7, gt_17, buf157, 2048, 768, stream=stream0)
            del div_7
            del gt_17
            del primals_106
            buf158 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_433, convert_element_type_434, mul_254, mul_255, view_205, mm_31], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf157, (2048, 768), (768, 1), 0), permute_93, out=buf158)
            del permute_93
            # Topologically Sorted Source Nodes: [view_207, view_208, permute_95, _scaled_dot_product_cudnn_attention_backward_3], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf163 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf158, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_34, clone_16, clone_17, getitem_133, getitem_134, getitem_139, getitem_140, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_16
            del clone_17
            del getitem_134
            del getitem_139
            del getitem_140
            del permute_34
            buf164 = buf163[0]
            assert_size_stride(buf164, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf164, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf165 = buf163[1]
            assert_size_stride(buf165, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf165, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf166 = buf163[2]
            assert_size_stride(buf166, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf166, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf163
            buf167 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_124, add_125, permute_96, view_209, permute_97, clone_38, view_210, permute_98, clone_39, view_211, cat_3], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf164, tangents_19, buf165, tangents_18, buf166, buf167, 4718592, stream=stream0)
            del tangents_18
            del tangents_19
            buf168 = reinterpret_tensor(buf166, (2048, 768), (768, 1), 0); del buf166  # reuse
            # Topologically Sorted Source Nodes: [add_124, add_125, permute_96, view_209, permute_97, clone_38, view_210, permute_98, clone_39, view_211, cat_3, view_212, mm_33], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf167, (2048, 2304), (2304, 1), 0), permute_99, out=buf168)
            del permute_99
            buf179 = buf156; del buf156  # reuse
            buf180 = reinterpret_tensor(buf165, (4, 512, 768), (393216, 768, 1), 0); del buf165  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_448, view_214, mul_257, mul_258, sum_49, mul_259, sum_50, mul_260, sub_54, sub_55, mul_261, add_126, convert_element_type_450, convert_element_type_451, mul_263, mul_264], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf179, buf168, primals_100, mul_98, div_8, gt_16, buf180, 2048, 768, stream=stream0)
            del div_8
            del gt_16
            del primals_100
            buf181 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_450, convert_element_type_451, mul_263, mul_264, view_215, mm_35], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf180, (2048, 768), (768, 1), 0), permute_101, out=buf181)
            del permute_101
            buf186 = reinterpret_tensor(buf181, (4, 512, 3072), (1572864, 3072, 1), 0); del buf181  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_458, view_217, x_61, mul_28, mul_265, pow_8, mul_29, add_33, mul_30, tanh_7, add_34, mul_266, convert_element_type_460, mul_267, sub_56, mul_268, mul_269, convert_element_type_461, mul_270, pow_17, mul_271, mul_272, convert_element_type_462, add_127, mul_273, add_128], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf186, addmm_30, 6291456, stream=stream0)
            del addmm_30
            buf187 = reinterpret_tensor(buf164, (2048, 768), (768, 1), 0); del buf164  # reuse
            # Topologically Sorted Source Nodes: [view_218, mm_37], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf186, (2048, 3072), (3072, 1), 0), permute_103, out=buf187)
            del permute_103
            buf198 = buf179; del buf179  # reuse
            buf199 = reinterpret_tensor(buf158, (4, 512, 768), (393216, 768, 1), 0); del buf158  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_469, view_220, mul_275, mul_276, sum_55, mul_277, sum_56, mul_278, sub_58, sub_59, mul_279, add_129, convert_element_type_471, convert_element_type_472, mul_281, mul_282], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf198, buf187, primals_94, mul_90, div_9, gt_15, buf199, 2048, 768, stream=stream0)
            del div_9
            del gt_15
            del primals_94
            buf200 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_471, convert_element_type_472, mul_281, mul_282, view_221, mm_39], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf199, (2048, 768), (768, 1), 0), permute_105, out=buf200)
            del permute_105
            # Topologically Sorted Source Nodes: [view_223, view_224, permute_107, _scaled_dot_product_cudnn_attention_backward_4], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf205 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf200, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_30, clone_14, clone_15, getitem_117, getitem_118, getitem_123, getitem_124, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_14
            del clone_15
            del getitem_118
            del getitem_123
            del getitem_124
            del permute_30
            buf206 = buf205[0]
            assert_size_stride(buf206, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf206, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf207 = buf205[1]
            assert_size_stride(buf207, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf207, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf208 = buf205[2]
            assert_size_stride(buf208, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf208, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf205
            buf209 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_130, add_131, permute_108, view_225, permute_109, clone_42, view_226, permute_110, clone_43, view_227, cat_4], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf206, tangents_17, buf207, tangents_16, buf208, buf209, 4718592, stream=stream0)
            del tangents_16
            del tangents_17
            buf210 = reinterpret_tensor(buf208, (2048, 768), (768, 1), 0); del buf208  # reuse
            # Topologically Sorted Source Nodes: [add_130, add_131, permute_108, view_225, permute_109, clone_42, view_226, permute_110, clone_43, view_227, cat_4, view_228, mm_41], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf209, (2048, 2304), (2304, 1), 0), permute_111, out=buf210)
            del permute_111
            buf221 = buf198; del buf198  # reuse
            buf222 = reinterpret_tensor(buf207, (4, 512, 768), (393216, 768, 1), 0); del buf207  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_486, view_230, mul_284, mul_285, sum_61, mul_286, sum_62, mul_287, sub_61, sub_62, mul_288, add_132, convert_element_type_488, convert_element_type_489, mul_290, mul_291], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf221, buf210, primals_88, mul_86, div_10, gt_14, buf222, 2048, 768, stream=stream0)
            del div_10
            del gt_14
            del primals_88
            buf223 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_488, convert_element_type_489, mul_290, mul_291, view_231, mm_43], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf222, (2048, 768), (768, 1), 0), permute_113, out=buf223)
            del permute_113
            buf228 = reinterpret_tensor(buf223, (4, 512, 3072), (1572864, 3072, 1), 0); del buf223  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_496, view_233, x_53, mul_24, mul_292, pow_7, mul_25, add_29, mul_26, tanh_6, add_30, mul_293, convert_element_type_498, mul_294, sub_63, mul_295, mul_296, convert_element_type_499, mul_297, pow_18, mul_298, mul_299, convert_element_type_500, add_133, mul_300, add_134], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf228, addmm_26, 6291456, stream=stream0)
            del addmm_26
            buf229 = reinterpret_tensor(buf206, (2048, 768), (768, 1), 0); del buf206  # reuse
            # Topologically Sorted Source Nodes: [view_234, mm_45], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf228, (2048, 3072), (3072, 1), 0), permute_115, out=buf229)
            del permute_115
            buf240 = buf221; del buf221  # reuse
            buf241 = reinterpret_tensor(buf200, (4, 512, 768), (393216, 768, 1), 0); del buf200  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_507, view_236, mul_302, mul_303, sum_67, mul_304, sum_68, mul_305, sub_65, sub_66, mul_306, add_135, convert_element_type_509, convert_element_type_510, mul_308, mul_309], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf240, buf229, primals_82, mul_78, div_11, gt_13, buf241, 2048, 768, stream=stream0)
            del div_11
            del gt_13
            del primals_82
            buf242 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_509, convert_element_type_510, mul_308, mul_309, view_237, mm_47], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf241, (2048, 768), (768, 1), 0), permute_117, out=buf242)
            del permute_117
            # Topologically Sorted Source Nodes: [view_239, view_240, permute_119, _scaled_dot_product_cudnn_attention_backward_5], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf247 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf242, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_26, clone_12, clone_13, getitem_101, getitem_102, getitem_107, getitem_108, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_12
            del clone_13
            del getitem_102
            del getitem_107
            del getitem_108
            del permute_26
            buf248 = buf247[0]
            assert_size_stride(buf248, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf248, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf249 = buf247[1]
            assert_size_stride(buf249, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf249, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf250 = buf247[2]
            assert_size_stride(buf250, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf250, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf247
            buf251 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_136, add_137, permute_120, view_241, permute_121, clone_46, view_242, permute_122, clone_47, view_243, cat_5], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf248, tangents_15, buf249, tangents_14, buf250, buf251, 4718592, stream=stream0)
            del tangents_14
            del tangents_15
            buf252 = reinterpret_tensor(buf250, (2048, 768), (768, 1), 0); del buf250  # reuse
            # Topologically Sorted Source Nodes: [add_136, add_137, permute_120, view_241, permute_121, clone_46, view_242, permute_122, clone_47, view_243, cat_5, view_244, mm_49], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf251, (2048, 2304), (2304, 1), 0), permute_123, out=buf252)
            del permute_123
            buf263 = buf240; del buf240  # reuse
            buf264 = reinterpret_tensor(buf249, (4, 512, 768), (393216, 768, 1), 0); del buf249  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_524, view_246, mul_311, mul_312, sum_73, mul_313, sum_74, mul_314, sub_68, sub_69, mul_315, add_138, convert_element_type_526, convert_element_type_527, mul_317, mul_318], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf263, buf252, primals_76, mul_74, div_12, gt_12, buf264, 2048, 768, stream=stream0)
            del div_12
            del gt_12
            del primals_76
            buf265 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_526, convert_element_type_527, mul_317, mul_318, view_247, mm_51], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf264, (2048, 768), (768, 1), 0), permute_125, out=buf265)
            del permute_125
            buf270 = reinterpret_tensor(buf265, (4, 512, 3072), (1572864, 3072, 1), 0); del buf265  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_534, view_249, x_45, mul_20, mul_319, pow_6, mul_21, add_25, mul_22, tanh_5, add_26, mul_320, convert_element_type_536, mul_321, sub_70, mul_322, mul_323, convert_element_type_537, mul_324, pow_19, mul_325, mul_326, convert_element_type_538, add_139, mul_327, add_140], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf270, addmm_22, 6291456, stream=stream0)
            del addmm_22
            buf271 = reinterpret_tensor(buf248, (2048, 768), (768, 1), 0); del buf248  # reuse
            # Topologically Sorted Source Nodes: [view_250, mm_53], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf270, (2048, 3072), (3072, 1), 0), permute_127, out=buf271)
            del permute_127
            buf282 = buf263; del buf263  # reuse
            buf283 = reinterpret_tensor(buf242, (4, 512, 768), (393216, 768, 1), 0); del buf242  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_545, view_252, mul_329, mul_330, sum_79, mul_331, sum_80, mul_332, sub_72, sub_73, mul_333, add_141, convert_element_type_547, convert_element_type_548, mul_335, mul_336], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf282, buf271, primals_70, mul_66, div_13, gt_11, buf283, 2048, 768, stream=stream0)
            del div_13
            del gt_11
            del primals_70
            buf284 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_547, convert_element_type_548, mul_335, mul_336, view_253, mm_55], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf283, (2048, 768), (768, 1), 0), permute_129, out=buf284)
            del permute_129
            # Topologically Sorted Source Nodes: [view_255, view_256, permute_131, _scaled_dot_product_cudnn_attention_backward_6], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf289 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf284, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_22, clone_10, clone_11, getitem_85, getitem_86, getitem_91, getitem_92, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_10
            del clone_11
            del getitem_86
            del getitem_91
            del getitem_92
            del permute_22
            buf290 = buf289[0]
            assert_size_stride(buf290, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf290, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf291 = buf289[1]
            assert_size_stride(buf291, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf291, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf292 = buf289[2]
            assert_size_stride(buf292, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf292, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf289
            buf293 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_142, add_143, permute_132, view_257, permute_133, clone_50, view_258, permute_134, clone_51, view_259, cat_6], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf290, tangents_13, buf291, tangents_12, buf292, buf293, 4718592, stream=stream0)
            del tangents_12
            del tangents_13
            buf294 = reinterpret_tensor(buf292, (2048, 768), (768, 1), 0); del buf292  # reuse
            # Topologically Sorted Source Nodes: [add_142, add_143, permute_132, view_257, permute_133, clone_50, view_258, permute_134, clone_51, view_259, cat_6, view_260, mm_57], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf293, (2048, 2304), (2304, 1), 0), permute_135, out=buf294)
            del permute_135
            buf305 = buf282; del buf282  # reuse
            buf306 = reinterpret_tensor(buf291, (4, 512, 768), (393216, 768, 1), 0); del buf291  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_562, view_262, mul_338, mul_339, sum_85, mul_340, sum_86, mul_341, sub_75, sub_76, mul_342, add_144, convert_element_type_564, convert_element_type_565, mul_344, mul_345], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf305, buf294, primals_64, mul_62, div_14, gt_10, buf306, 2048, 768, stream=stream0)
            del div_14
            del gt_10
            del primals_64
            buf307 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_564, convert_element_type_565, mul_344, mul_345, view_263, mm_59], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf306, (2048, 768), (768, 1), 0), permute_137, out=buf307)
            del permute_137
            buf312 = reinterpret_tensor(buf307, (4, 512, 3072), (1572864, 3072, 1), 0); del buf307  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_572, view_265, x_37, mul_16, mul_346, pow_5, mul_17, add_21, mul_18, tanh_4, add_22, mul_347, convert_element_type_574, mul_348, sub_77, mul_349, mul_350, convert_element_type_575, mul_351, pow_20, mul_352, mul_353, convert_element_type_576, add_145, mul_354, add_146], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf312, addmm_18, 6291456, stream=stream0)
            del addmm_18
            buf313 = reinterpret_tensor(buf290, (2048, 768), (768, 1), 0); del buf290  # reuse
            # Topologically Sorted Source Nodes: [view_266, mm_61], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf312, (2048, 3072), (3072, 1), 0), permute_139, out=buf313)
            del permute_139
            buf324 = buf305; del buf305  # reuse
            buf325 = reinterpret_tensor(buf284, (4, 512, 768), (393216, 768, 1), 0); del buf284  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_583, view_268, mul_356, mul_357, sum_91, mul_358, sum_92, mul_359, sub_79, sub_80, mul_360, add_147, convert_element_type_585, convert_element_type_586, mul_362, mul_363], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf324, buf313, primals_58, mul_54, div_15, gt_9, buf325, 2048, 768, stream=stream0)
            del div_15
            del gt_9
            del primals_58
            buf326 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_585, convert_element_type_586, mul_362, mul_363, view_269, mm_63], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf325, (2048, 768), (768, 1), 0), permute_141, out=buf326)
            del permute_141
            # Topologically Sorted Source Nodes: [view_271, view_272, permute_143, _scaled_dot_product_cudnn_attention_backward_7], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf331 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf326, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_18, clone_8, clone_9, getitem_69, getitem_70, getitem_75, getitem_76, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_8
            del clone_9
            del getitem_70
            del getitem_75
            del getitem_76
            del permute_18
            buf332 = buf331[0]
            assert_size_stride(buf332, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf332, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf333 = buf331[1]
            assert_size_stride(buf333, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf333, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf334 = buf331[2]
            assert_size_stride(buf334, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf334, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf331
            buf335 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_148, add_149, permute_144, view_273, permute_145, clone_54, view_274, permute_146, clone_55, view_275, cat_7], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf332, tangents_11, buf333, tangents_10, buf334, buf335, 4718592, stream=stream0)
            del tangents_10
            del tangents_11
            buf336 = reinterpret_tensor(buf334, (2048, 768), (768, 1), 0); del buf334  # reuse
            # Topologically Sorted Source Nodes: [add_148, add_149, permute_144, view_273, permute_145, clone_54, view_274, permute_146, clone_55, view_275, cat_7, view_276, mm_65], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf335, (2048, 2304), (2304, 1), 0), permute_147, out=buf336)
            del permute_147
            buf347 = buf324; del buf324  # reuse
            buf348 = reinterpret_tensor(buf333, (4, 512, 768), (393216, 768, 1), 0); del buf333  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_600, view_278, mul_365, mul_366, sum_97, mul_367, sum_98, mul_368, sub_82, sub_83, mul_369, add_150, convert_element_type_602, convert_element_type_603, mul_371, mul_372], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf347, buf336, primals_52, mul_50, div_16, gt_8, buf348, 2048, 768, stream=stream0)
            del div_16
            del gt_8
            del primals_52
            buf349 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_602, convert_element_type_603, mul_371, mul_372, view_279, mm_67], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf348, (2048, 768), (768, 1), 0), permute_149, out=buf349)
            del permute_149
            buf354 = reinterpret_tensor(buf349, (4, 512, 3072), (1572864, 3072, 1), 0); del buf349  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_610, view_281, x_29, mul_12, mul_373, pow_4, mul_13, add_17, mul_14, tanh_3, add_18, mul_374, convert_element_type_612, mul_375, sub_84, mul_376, mul_377, convert_element_type_613, mul_378, pow_21, mul_379, mul_380, convert_element_type_614, add_151, mul_381, add_152], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf354, addmm_14, 6291456, stream=stream0)
            del addmm_14
            buf355 = reinterpret_tensor(buf332, (2048, 768), (768, 1), 0); del buf332  # reuse
            # Topologically Sorted Source Nodes: [view_282, mm_69], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf354, (2048, 3072), (3072, 1), 0), permute_151, out=buf355)
            del permute_151
            buf366 = buf347; del buf347  # reuse
            buf367 = reinterpret_tensor(buf326, (4, 512, 768), (393216, 768, 1), 0); del buf326  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_621, view_284, mul_383, mul_384, sum_103, mul_385, sum_104, mul_386, sub_86, sub_87, mul_387, add_153, convert_element_type_623, convert_element_type_624, mul_389, mul_390], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf366, buf355, primals_46, mul_42, div_17, gt_7, buf367, 2048, 768, stream=stream0)
            del div_17
            del gt_7
            del primals_46
            buf368 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_623, convert_element_type_624, mul_389, mul_390, view_285, mm_71], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf367, (2048, 768), (768, 1), 0), permute_153, out=buf368)
            del permute_153
            # Topologically Sorted Source Nodes: [view_287, view_288, permute_155, _scaled_dot_product_cudnn_attention_backward_8], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf373 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf368, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_14, clone_6, clone_7, getitem_53, getitem_54, getitem_59, getitem_60, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_6
            del clone_7
            del getitem_54
            del getitem_59
            del getitem_60
            del permute_14
            buf374 = buf373[0]
            assert_size_stride(buf374, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf374, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf375 = buf373[1]
            assert_size_stride(buf375, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf375, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf376 = buf373[2]
            assert_size_stride(buf376, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf376, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf373
            buf377 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_154, add_155, permute_156, view_289, permute_157, clone_58, view_290, permute_158, clone_59, view_291, cat_8], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf374, tangents_9, buf375, tangents_8, buf376, buf377, 4718592, stream=stream0)
            del tangents_8
            del tangents_9
            buf378 = reinterpret_tensor(buf376, (2048, 768), (768, 1), 0); del buf376  # reuse
            # Topologically Sorted Source Nodes: [add_154, add_155, permute_156, view_289, permute_157, clone_58, view_290, permute_158, clone_59, view_291, cat_8, view_292, mm_73], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf377, (2048, 2304), (2304, 1), 0), permute_159, out=buf378)
            del permute_159
            buf389 = buf366; del buf366  # reuse
            buf390 = reinterpret_tensor(buf375, (4, 512, 768), (393216, 768, 1), 0); del buf375  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_638, view_294, mul_392, mul_393, sum_109, mul_394, sum_110, mul_395, sub_89, sub_90, mul_396, add_156, convert_element_type_640, convert_element_type_641, mul_398, mul_399], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf389, buf378, primals_40, mul_38, div_18, gt_6, buf390, 2048, 768, stream=stream0)
            del div_18
            del gt_6
            del primals_40
            buf391 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_640, convert_element_type_641, mul_398, mul_399, view_295, mm_75], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf390, (2048, 768), (768, 1), 0), permute_161, out=buf391)
            del permute_161
            buf396 = reinterpret_tensor(buf391, (4, 512, 3072), (1572864, 3072, 1), 0); del buf391  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_648, view_297, x_21, mul_8, mul_400, pow_3, mul_9, add_13, mul_10, tanh_2, add_14, mul_401, convert_element_type_650, mul_402, sub_91, mul_403, mul_404, convert_element_type_651, mul_405, pow_22, mul_406, mul_407, convert_element_type_652, add_157, mul_408, add_158], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf396, addmm_10, 6291456, stream=stream0)
            del addmm_10
            buf397 = reinterpret_tensor(buf374, (2048, 768), (768, 1), 0); del buf374  # reuse
            # Topologically Sorted Source Nodes: [view_298, mm_77], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf396, (2048, 3072), (3072, 1), 0), permute_163, out=buf397)
            del permute_163
            buf408 = buf389; del buf389  # reuse
            buf409 = reinterpret_tensor(buf368, (4, 512, 768), (393216, 768, 1), 0); del buf368  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_659, view_300, mul_410, mul_411, sum_115, mul_412, sum_116, mul_413, sub_93, sub_94, mul_414, add_159, convert_element_type_661, convert_element_type_662, mul_416, mul_417], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf408, buf397, primals_34, mul_30, div_19, gt_5, buf409, 2048, 768, stream=stream0)
            del div_19
            del gt_5
            del primals_34
            buf410 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_661, convert_element_type_662, mul_416, mul_417, view_301, mm_79], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf409, (2048, 768), (768, 1), 0), permute_165, out=buf410)
            del permute_165
            # Topologically Sorted Source Nodes: [view_303, view_304, permute_167, _scaled_dot_product_cudnn_attention_backward_9], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf415 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf410, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_10, clone_4, clone_5, getitem_37, getitem_38, getitem_43, getitem_44, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_4
            del clone_5
            del getitem_38
            del getitem_43
            del getitem_44
            del permute_10
            buf416 = buf415[0]
            assert_size_stride(buf416, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf416, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf417 = buf415[1]
            assert_size_stride(buf417, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf417, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf418 = buf415[2]
            assert_size_stride(buf418, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf418, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf415
            buf419 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_160, add_161, permute_168, view_305, permute_169, clone_62, view_306, permute_170, clone_63, view_307, cat_9], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf416, tangents_7, buf417, tangents_6, buf418, buf419, 4718592, stream=stream0)
            del tangents_6
            del tangents_7
            buf420 = reinterpret_tensor(buf418, (2048, 768), (768, 1), 0); del buf418  # reuse
            # Topologically Sorted Source Nodes: [add_160, add_161, permute_168, view_305, permute_169, clone_62, view_306, permute_170, clone_63, view_307, cat_9, view_308, mm_81], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf419, (2048, 2304), (2304, 1), 0), permute_171, out=buf420)
            del permute_171
            buf431 = buf408; del buf408  # reuse
            buf432 = reinterpret_tensor(buf417, (4, 512, 768), (393216, 768, 1), 0); del buf417  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_676, view_310, mul_419, mul_420, sum_121, mul_421, sum_122, mul_422, sub_96, sub_97, mul_423, add_162, convert_element_type_678, convert_element_type_679, mul_425, mul_426], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf431, buf420, primals_28, mul_26, div_20, gt_4, buf432, 2048, 768, stream=stream0)
            del div_20
            del gt_4
            del primals_28
            buf433 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_678, convert_element_type_679, mul_425, mul_426, view_311, mm_83], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf432, (2048, 768), (768, 1), 0), permute_173, out=buf433)
            del permute_173
            buf438 = reinterpret_tensor(buf433, (4, 512, 3072), (1572864, 3072, 1), 0); del buf433  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_686, view_313, x_13, mul_4, mul_427, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_428, convert_element_type_688, mul_429, sub_98, mul_430, mul_431, convert_element_type_689, mul_432, pow_23, mul_433, mul_434, convert_element_type_690, add_163, mul_435, add_164], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf438, addmm_6, 6291456, stream=stream0)
            del addmm_6
            buf439 = reinterpret_tensor(buf416, (2048, 768), (768, 1), 0); del buf416  # reuse
            # Topologically Sorted Source Nodes: [view_314, mm_85], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf438, (2048, 3072), (3072, 1), 0), permute_175, out=buf439)
            del permute_175
            buf450 = buf431; del buf431  # reuse
            buf451 = reinterpret_tensor(buf410, (4, 512, 768), (393216, 768, 1), 0); del buf410  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_697, view_316, mul_437, mul_438, sum_127, mul_439, sum_128, mul_440, sub_100, sub_101, mul_441, add_165, convert_element_type_699, convert_element_type_700, mul_443, mul_444], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf450, buf439, primals_22, mul_18, div_21, gt_3, buf451, 2048, 768, stream=stream0)
            del div_21
            del gt_3
            del primals_22
            buf452 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_699, convert_element_type_700, mul_443, mul_444, view_317, mm_87], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf451, (2048, 768), (768, 1), 0), permute_177, out=buf452)
            del permute_177
            # Topologically Sorted Source Nodes: [view_319, view_320, permute_179, _scaled_dot_product_cudnn_attention_backward_10], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf457 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf452, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_6, clone_2, clone_3, getitem_21, getitem_22, getitem_27, getitem_28, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del clone_2
            del clone_3
            del getitem_22
            del getitem_27
            del getitem_28
            del permute_6
            buf458 = buf457[0]
            assert_size_stride(buf458, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf458, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf459 = buf457[1]
            assert_size_stride(buf459, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf459, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf460 = buf457[2]
            assert_size_stride(buf460, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf460, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf457
            buf461 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_166, add_167, permute_180, view_321, permute_181, clone_66, view_322, permute_182, clone_67, view_323, cat_10], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf458, tangents_5, buf459, tangents_4, buf460, buf461, 4718592, stream=stream0)
            del tangents_4
            del tangents_5
            buf462 = reinterpret_tensor(buf460, (2048, 768), (768, 1), 0); del buf460  # reuse
            # Topologically Sorted Source Nodes: [add_166, add_167, permute_180, view_321, permute_181, clone_66, view_322, permute_182, clone_67, view_323, cat_10, view_324, mm_89], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf461, (2048, 2304), (2304, 1), 0), permute_183, out=buf462)
            del permute_183
            buf473 = buf450; del buf450  # reuse
            buf474 = reinterpret_tensor(buf459, (4, 512, 768), (393216, 768, 1), 0); del buf459  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_714, view_326, mul_446, mul_447, sum_133, mul_448, sum_134, mul_449, sub_103, sub_104, mul_450, add_168, convert_element_type_716, convert_element_type_717, mul_452, mul_453], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf473, buf462, primals_16, mul_14, div_22, gt_2, buf474, 2048, 768, stream=stream0)
            del div_22
            del gt_2
            del primals_16
            buf475 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_716, convert_element_type_717, mul_452, mul_453, view_327, mm_91], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf474, (2048, 768), (768, 1), 0), permute_185, out=buf475)
            del permute_185
            buf480 = reinterpret_tensor(buf475, (4, 512, 3072), (1572864, 3072, 1), 0); del buf475  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_724, view_329, x_5, mul, mul_454, pow_1, mul_1, add_5, mul_2, tanh, add_6, mul_455, convert_element_type_726, mul_456, sub_105, mul_457, mul_458, convert_element_type_727, mul_459, pow_24, mul_460, mul_461, convert_element_type_728, add_169, mul_462, add_170], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_tanh_backward_view_3.run(buf480, addmm_2, 6291456, stream=stream0)
            del addmm_2
            buf481 = reinterpret_tensor(buf458, (2048, 768), (768, 1), 0); del buf458  # reuse
            # Topologically Sorted Source Nodes: [view_330, mm_93], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf480, (2048, 3072), (3072, 1), 0), permute_187, out=buf481)
            del permute_187
            buf492 = buf473; del buf473  # reuse
            buf493 = reinterpret_tensor(buf452, (4, 512, 768), (393216, 768, 1), 0); del buf452  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_735, view_332, mul_464, mul_465, sum_139, mul_466, sum_140, mul_467, sub_107, sub_108, mul_468, add_171, convert_element_type_737, convert_element_type_738, mul_470, mul_471], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_4.run(buf492, buf481, primals_10, mul_6, div_23, gt_1, buf493, 2048, 768, stream=stream0)
            del div_23
            del gt_1
            del primals_10
            buf494 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_737, convert_element_type_738, mul_470, mul_471, view_333, mm_95], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf493, (2048, 768), (768, 1), 0), permute_189, out=buf494)
            del permute_189
            # Topologically Sorted Source Nodes: [view_335, view_336, permute_191, _scaled_dot_product_cudnn_attention_backward_11], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            buf499 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf494, (4, 12, 512, 64), (393216, 64, 768, 1), 0), permute_2, clone, clone_1, getitem_5, getitem_6, getitem_11, getitem_12, where, None, None, 512, 512, 0.1, False, scale=0.125)
            del buf494
            del clone
            del clone_1
            del getitem_11
            del getitem_12
            del getitem_6
            del permute_2
            del where
            buf500 = buf499[0]
            assert_size_stride(buf500, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf500, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf501 = buf499[1]
            assert_size_stride(buf501, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf501, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf502 = buf499[2]
            assert_size_stride(buf502, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            assert_alignment(buf502, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            del buf499
            buf8 = empty_strided_cuda((768, 16), (1, 768), torch.float32)
            buf10 = empty_strided_cuda((768, 16), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_154, sum_3, sum_4], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_6.run(tangents_26, buf4, mul_146, buf8, buf10, 12288, 128, stream=stream0)
            del buf4
            del mul_146
            del tangents_26
            buf9 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, mul_154, sum_3], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf8, buf9, 768, 16, stream=stream0)
            buf11 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_149, convert_element_type_296, add_102, sum_4], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf10, buf11, 768, 16, stream=stream0)
            buf15 = reinterpret_tensor(buf10, (1, 768, 16), (12288, 1, 768), 0); del buf10  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_298, convert_element_type_299, mul_155, mul_156, view_151, sum_5], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf12, buf15, 12288, 128, stream=stream0)
            buf16 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_298, convert_element_type_299, mul_155, mul_156, view_151, sum_5], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf15, buf16, 768, 16, stream=stream0)
            buf26 = reinterpret_tensor(buf15, (768, 16), (1, 768), 0); del buf15  # reuse
            buf28 = buf8; del buf8  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_317, view_156, mul_172, sum_9, sum_10], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf19, mul_138, buf26, buf28, 12288, 128, stream=stream0)
            del buf19
            del mul_138
            buf27 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_317, view_156, mul_172, sum_9], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf26, buf27, 768, 16, stream=stream0)
            buf29 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_317, view_156, sum_10], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf28, buf29, 768, 16, stream=stream0)
            buf34 = reinterpret_tensor(buf28, (1, 768, 16), (12288, 1, 768), 0); del buf28  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_319, convert_element_type_320, mul_173, mul_174, view_157, sum_11], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf31, buf34, 12288, 128, stream=stream0)
            buf35 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_319, convert_element_type_320, mul_173, mul_174, view_157, sum_11], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf34, buf35, 768, 16, stream=stream0)
            buf49 = reinterpret_tensor(buf34, (768, 16), (1, 768), 0); del buf34  # reuse
            buf51 = buf26; del buf26  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_334, view_166, mul_181, sum_15, sum_16], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf42, mul_134, buf49, buf51, 12288, 128, stream=stream0)
            del buf42
            del mul_134
            buf50 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_334, view_166, mul_181, sum_15], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf49, buf50, 768, 16, stream=stream0)
            buf52 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_334, view_166, sum_16], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf51, buf52, 768, 16, stream=stream0)
            buf57 = reinterpret_tensor(buf51, (1, 768, 16), (12288, 1, 768), 0); del buf51  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_336, convert_element_type_337, mul_182, mul_183, view_167, sum_17], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf54, buf57, 12288, 128, stream=stream0)
            buf58 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_336, convert_element_type_337, mul_182, mul_183, view_167, sum_17], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf57, buf58, 768, 16, stream=stream0)
            buf68 = reinterpret_tensor(buf57, (768, 16), (1, 768), 0); del buf57  # reuse
            buf70 = buf49; del buf49  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_355, view_172, mul_199, sum_21, sum_22], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf61, mul_126, buf68, buf70, 12288, 128, stream=stream0)
            del buf61
            del mul_126
            buf69 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_355, view_172, mul_199, sum_21], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf68, buf69, 768, 16, stream=stream0)
            buf71 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_355, view_172, sum_22], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf70, buf71, 768, 16, stream=stream0)
            buf76 = reinterpret_tensor(buf70, (1, 768, 16), (12288, 1, 768), 0); del buf70  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_357, convert_element_type_358, mul_200, mul_201, view_173, sum_23], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf73, buf76, 12288, 128, stream=stream0)
            buf77 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_357, convert_element_type_358, mul_200, mul_201, view_173, sum_23], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf76, buf77, 768, 16, stream=stream0)
            buf91 = reinterpret_tensor(buf76, (768, 16), (1, 768), 0); del buf76  # reuse
            buf93 = buf68; del buf68  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_372, view_182, mul_208, sum_27, sum_28], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf84, mul_122, buf91, buf93, 12288, 128, stream=stream0)
            del buf84
            del mul_122
            buf92 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_372, view_182, mul_208, sum_27], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf91, buf92, 768, 16, stream=stream0)
            buf94 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_372, view_182, sum_28], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf93, buf94, 768, 16, stream=stream0)
            buf99 = reinterpret_tensor(buf93, (1, 768, 16), (12288, 1, 768), 0); del buf93  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_374, convert_element_type_375, mul_209, mul_210, view_183, sum_29], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf96, buf99, 12288, 128, stream=stream0)
            buf100 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_374, convert_element_type_375, mul_209, mul_210, view_183, sum_29], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf99, buf100, 768, 16, stream=stream0)
            buf110 = reinterpret_tensor(buf99, (768, 16), (1, 768), 0); del buf99  # reuse
            buf112 = buf91; del buf91  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_393, view_188, mul_226, sum_33, sum_34], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf103, mul_114, buf110, buf112, 12288, 128, stream=stream0)
            del buf103
            del mul_114
            buf111 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_393, view_188, mul_226, sum_33], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf110, buf111, 768, 16, stream=stream0)
            buf113 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_393, view_188, sum_34], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf112, buf113, 768, 16, stream=stream0)
            buf118 = reinterpret_tensor(buf112, (1, 768, 16), (12288, 1, 768), 0); del buf112  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_395, convert_element_type_396, mul_227, mul_228, view_189, sum_35], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf115, buf118, 12288, 128, stream=stream0)
            buf119 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_395, convert_element_type_396, mul_227, mul_228, view_189, sum_35], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf118, buf119, 768, 16, stream=stream0)
            buf133 = reinterpret_tensor(buf118, (768, 16), (1, 768), 0); del buf118  # reuse
            buf135 = buf110; del buf110  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_410, view_198, mul_235, sum_39, sum_40], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf126, mul_110, buf133, buf135, 12288, 128, stream=stream0)
            del buf126
            del mul_110
            buf134 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_410, view_198, mul_235, sum_39], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf133, buf134, 768, 16, stream=stream0)
            buf136 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_410, view_198, sum_40], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf135, buf136, 768, 16, stream=stream0)
            buf141 = reinterpret_tensor(buf135, (1, 768, 16), (12288, 1, 768), 0); del buf135  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_412, convert_element_type_413, mul_236, mul_237, view_199, sum_41], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf138, buf141, 12288, 128, stream=stream0)
            buf142 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_412, convert_element_type_413, mul_236, mul_237, view_199, sum_41], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf141, buf142, 768, 16, stream=stream0)
            buf152 = reinterpret_tensor(buf141, (768, 16), (1, 768), 0); del buf141  # reuse
            buf154 = buf133; del buf133  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_431, view_204, mul_253, sum_45, sum_46], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf145, mul_102, buf152, buf154, 12288, 128, stream=stream0)
            del buf145
            del mul_102
            buf153 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_431, view_204, mul_253, sum_45], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf152, buf153, 768, 16, stream=stream0)
            buf155 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_431, view_204, sum_46], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf154, buf155, 768, 16, stream=stream0)
            buf160 = reinterpret_tensor(buf154, (1, 768, 16), (12288, 1, 768), 0); del buf154  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_433, convert_element_type_434, mul_254, mul_255, view_205, sum_47], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf157, buf160, 12288, 128, stream=stream0)
            buf161 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_433, convert_element_type_434, mul_254, mul_255, view_205, sum_47], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf160, buf161, 768, 16, stream=stream0)
            buf175 = reinterpret_tensor(buf160, (768, 16), (1, 768), 0); del buf160  # reuse
            buf177 = buf152; del buf152  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_448, view_214, mul_262, sum_51, sum_52], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf168, mul_98, buf175, buf177, 12288, 128, stream=stream0)
            del buf168
            del mul_98
            buf176 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_448, view_214, mul_262, sum_51], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf175, buf176, 768, 16, stream=stream0)
            buf178 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_448, view_214, sum_52], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf177, buf178, 768, 16, stream=stream0)
            buf183 = reinterpret_tensor(buf177, (1, 768, 16), (12288, 1, 768), 0); del buf177  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_450, convert_element_type_451, mul_263, mul_264, view_215, sum_53], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf180, buf183, 12288, 128, stream=stream0)
            buf184 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_450, convert_element_type_451, mul_263, mul_264, view_215, sum_53], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf183, buf184, 768, 16, stream=stream0)
            buf194 = reinterpret_tensor(buf183, (768, 16), (1, 768), 0); del buf183  # reuse
            buf196 = buf175; del buf175  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_469, view_220, mul_280, sum_57, sum_58], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf187, mul_90, buf194, buf196, 12288, 128, stream=stream0)
            del buf187
            del mul_90
            buf195 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_469, view_220, mul_280, sum_57], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf194, buf195, 768, 16, stream=stream0)
            buf197 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_469, view_220, sum_58], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf196, buf197, 768, 16, stream=stream0)
            buf202 = reinterpret_tensor(buf196, (1, 768, 16), (12288, 1, 768), 0); del buf196  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_471, convert_element_type_472, mul_281, mul_282, view_221, sum_59], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf199, buf202, 12288, 128, stream=stream0)
            buf203 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_471, convert_element_type_472, mul_281, mul_282, view_221, sum_59], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf202, buf203, 768, 16, stream=stream0)
            buf217 = reinterpret_tensor(buf202, (768, 16), (1, 768), 0); del buf202  # reuse
            buf219 = buf194; del buf194  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_486, view_230, mul_289, sum_63, sum_64], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf210, mul_86, buf217, buf219, 12288, 128, stream=stream0)
            del buf210
            del mul_86
            buf218 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_486, view_230, mul_289, sum_63], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf217, buf218, 768, 16, stream=stream0)
            buf220 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_486, view_230, sum_64], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf219, buf220, 768, 16, stream=stream0)
            buf225 = reinterpret_tensor(buf219, (1, 768, 16), (12288, 1, 768), 0); del buf219  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_488, convert_element_type_489, mul_290, mul_291, view_231, sum_65], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf222, buf225, 12288, 128, stream=stream0)
            buf226 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_488, convert_element_type_489, mul_290, mul_291, view_231, sum_65], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf225, buf226, 768, 16, stream=stream0)
            buf236 = reinterpret_tensor(buf225, (768, 16), (1, 768), 0); del buf225  # reuse
            buf238 = buf217; del buf217  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_507, view_236, mul_307, sum_69, sum_70], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf229, mul_78, buf236, buf238, 12288, 128, stream=stream0)
            del buf229
            del mul_78
            buf237 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_507, view_236, mul_307, sum_69], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf236, buf237, 768, 16, stream=stream0)
            buf239 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_507, view_236, sum_70], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf238, buf239, 768, 16, stream=stream0)
            buf244 = reinterpret_tensor(buf238, (1, 768, 16), (12288, 1, 768), 0); del buf238  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_509, convert_element_type_510, mul_308, mul_309, view_237, sum_71], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf241, buf244, 12288, 128, stream=stream0)
            buf245 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_509, convert_element_type_510, mul_308, mul_309, view_237, sum_71], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf244, buf245, 768, 16, stream=stream0)
            buf259 = reinterpret_tensor(buf244, (768, 16), (1, 768), 0); del buf244  # reuse
            buf261 = buf236; del buf236  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_524, view_246, mul_316, sum_75, sum_76], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf252, mul_74, buf259, buf261, 12288, 128, stream=stream0)
            del buf252
            del mul_74
            buf260 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_524, view_246, mul_316, sum_75], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf259, buf260, 768, 16, stream=stream0)
            buf262 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_524, view_246, sum_76], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf261, buf262, 768, 16, stream=stream0)
            buf267 = reinterpret_tensor(buf261, (1, 768, 16), (12288, 1, 768), 0); del buf261  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_526, convert_element_type_527, mul_317, mul_318, view_247, sum_77], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf264, buf267, 12288, 128, stream=stream0)
            buf268 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_526, convert_element_type_527, mul_317, mul_318, view_247, sum_77], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf267, buf268, 768, 16, stream=stream0)
            buf278 = reinterpret_tensor(buf267, (768, 16), (1, 768), 0); del buf267  # reuse
            buf280 = buf259; del buf259  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_545, view_252, mul_334, sum_81, sum_82], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf271, mul_66, buf278, buf280, 12288, 128, stream=stream0)
            del buf271
            del mul_66
            buf279 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_545, view_252, mul_334, sum_81], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf278, buf279, 768, 16, stream=stream0)
            buf281 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_545, view_252, sum_82], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf280, buf281, 768, 16, stream=stream0)
            buf286 = reinterpret_tensor(buf280, (1, 768, 16), (12288, 1, 768), 0); del buf280  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_547, convert_element_type_548, mul_335, mul_336, view_253, sum_83], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf283, buf286, 12288, 128, stream=stream0)
            buf287 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_547, convert_element_type_548, mul_335, mul_336, view_253, sum_83], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf286, buf287, 768, 16, stream=stream0)
            buf301 = reinterpret_tensor(buf286, (768, 16), (1, 768), 0); del buf286  # reuse
            buf303 = buf278; del buf278  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_562, view_262, mul_343, sum_87, sum_88], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf294, mul_62, buf301, buf303, 12288, 128, stream=stream0)
            del buf294
            del mul_62
            buf302 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_562, view_262, mul_343, sum_87], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf301, buf302, 768, 16, stream=stream0)
            buf304 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_562, view_262, sum_88], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf303, buf304, 768, 16, stream=stream0)
            buf309 = reinterpret_tensor(buf303, (1, 768, 16), (12288, 1, 768), 0); del buf303  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_564, convert_element_type_565, mul_344, mul_345, view_263, sum_89], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf306, buf309, 12288, 128, stream=stream0)
            buf310 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_564, convert_element_type_565, mul_344, mul_345, view_263, sum_89], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf309, buf310, 768, 16, stream=stream0)
            buf320 = reinterpret_tensor(buf309, (768, 16), (1, 768), 0); del buf309  # reuse
            buf322 = buf301; del buf301  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_583, view_268, mul_361, sum_93, sum_94], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf313, mul_54, buf320, buf322, 12288, 128, stream=stream0)
            del buf313
            del mul_54
            buf321 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_583, view_268, mul_361, sum_93], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf320, buf321, 768, 16, stream=stream0)
            buf323 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_583, view_268, sum_94], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf322, buf323, 768, 16, stream=stream0)
            buf328 = reinterpret_tensor(buf322, (1, 768, 16), (12288, 1, 768), 0); del buf322  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_585, convert_element_type_586, mul_362, mul_363, view_269, sum_95], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf325, buf328, 12288, 128, stream=stream0)
            buf329 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_585, convert_element_type_586, mul_362, mul_363, view_269, sum_95], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf328, buf329, 768, 16, stream=stream0)
            buf343 = reinterpret_tensor(buf328, (768, 16), (1, 768), 0); del buf328  # reuse
            buf345 = buf320; del buf320  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_600, view_278, mul_370, sum_99, sum_100], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf336, mul_50, buf343, buf345, 12288, 128, stream=stream0)
            del buf336
            del mul_50
            buf344 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_600, view_278, mul_370, sum_99], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf343, buf344, 768, 16, stream=stream0)
            buf346 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_600, view_278, sum_100], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf345, buf346, 768, 16, stream=stream0)
            buf351 = reinterpret_tensor(buf345, (1, 768, 16), (12288, 1, 768), 0); del buf345  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_602, convert_element_type_603, mul_371, mul_372, view_279, sum_101], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf348, buf351, 12288, 128, stream=stream0)
            buf352 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_602, convert_element_type_603, mul_371, mul_372, view_279, sum_101], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf351, buf352, 768, 16, stream=stream0)
            buf362 = reinterpret_tensor(buf351, (768, 16), (1, 768), 0); del buf351  # reuse
            buf364 = buf343; del buf343  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_621, view_284, mul_388, sum_105, sum_106], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf355, mul_42, buf362, buf364, 12288, 128, stream=stream0)
            del buf355
            del mul_42
            buf363 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_621, view_284, mul_388, sum_105], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf362, buf363, 768, 16, stream=stream0)
            buf365 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_621, view_284, sum_106], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf364, buf365, 768, 16, stream=stream0)
            buf370 = reinterpret_tensor(buf364, (1, 768, 16), (12288, 1, 768), 0); del buf364  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_623, convert_element_type_624, mul_389, mul_390, view_285, sum_107], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf367, buf370, 12288, 128, stream=stream0)
            buf371 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_623, convert_element_type_624, mul_389, mul_390, view_285, sum_107], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf370, buf371, 768, 16, stream=stream0)
            buf385 = reinterpret_tensor(buf370, (768, 16), (1, 768), 0); del buf370  # reuse
            buf387 = buf362; del buf362  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_638, view_294, mul_397, sum_111, sum_112], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf378, mul_38, buf385, buf387, 12288, 128, stream=stream0)
            del buf378
            del mul_38
            buf386 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_638, view_294, mul_397, sum_111], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf385, buf386, 768, 16, stream=stream0)
            buf388 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_638, view_294, sum_112], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf387, buf388, 768, 16, stream=stream0)
            buf393 = reinterpret_tensor(buf387, (1, 768, 16), (12288, 1, 768), 0); del buf387  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_640, convert_element_type_641, mul_398, mul_399, view_295, sum_113], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf390, buf393, 12288, 128, stream=stream0)
            buf394 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_640, convert_element_type_641, mul_398, mul_399, view_295, sum_113], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf393, buf394, 768, 16, stream=stream0)
            buf404 = reinterpret_tensor(buf393, (768, 16), (1, 768), 0); del buf393  # reuse
            buf406 = buf385; del buf385  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_659, view_300, mul_415, sum_117, sum_118], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf397, mul_30, buf404, buf406, 12288, 128, stream=stream0)
            del buf397
            del mul_30
            buf405 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_659, view_300, mul_415, sum_117], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf404, buf405, 768, 16, stream=stream0)
            buf407 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_659, view_300, sum_118], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf406, buf407, 768, 16, stream=stream0)
            buf412 = reinterpret_tensor(buf406, (1, 768, 16), (12288, 1, 768), 0); del buf406  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_661, convert_element_type_662, mul_416, mul_417, view_301, sum_119], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf409, buf412, 12288, 128, stream=stream0)
            buf413 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_661, convert_element_type_662, mul_416, mul_417, view_301, sum_119], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf412, buf413, 768, 16, stream=stream0)
            buf427 = reinterpret_tensor(buf412, (768, 16), (1, 768), 0); del buf412  # reuse
            buf429 = buf404; del buf404  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_676, view_310, mul_424, sum_123, sum_124], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf420, mul_26, buf427, buf429, 12288, 128, stream=stream0)
            del buf420
            del mul_26
            buf428 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_676, view_310, mul_424, sum_123], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf427, buf428, 768, 16, stream=stream0)
            buf430 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_676, view_310, sum_124], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf429, buf430, 768, 16, stream=stream0)
            buf435 = reinterpret_tensor(buf429, (1, 768, 16), (12288, 1, 768), 0); del buf429  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_678, convert_element_type_679, mul_425, mul_426, view_311, sum_125], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf432, buf435, 12288, 128, stream=stream0)
            buf436 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_678, convert_element_type_679, mul_425, mul_426, view_311, sum_125], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf435, buf436, 768, 16, stream=stream0)
            buf446 = reinterpret_tensor(buf435, (768, 16), (1, 768), 0); del buf435  # reuse
            buf448 = buf427; del buf427  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_697, view_316, mul_442, sum_129, sum_130], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf439, mul_18, buf446, buf448, 12288, 128, stream=stream0)
            del buf439
            del mul_18
            buf447 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_697, view_316, mul_442, sum_129], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf446, buf447, 768, 16, stream=stream0)
            buf449 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_697, view_316, sum_130], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf448, buf449, 768, 16, stream=stream0)
            buf454 = reinterpret_tensor(buf448, (1, 768, 16), (12288, 1, 768), 0); del buf448  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_699, convert_element_type_700, mul_443, mul_444, view_317, sum_131], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf451, buf454, 12288, 128, stream=stream0)
            buf455 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_699, convert_element_type_700, mul_443, mul_444, view_317, sum_131], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf454, buf455, 768, 16, stream=stream0)
            buf469 = reinterpret_tensor(buf454, (768, 16), (1, 768), 0); del buf454  # reuse
            buf471 = buf446; del buf446  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_714, view_326, mul_451, sum_135, sum_136], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf462, mul_14, buf469, buf471, 12288, 128, stream=stream0)
            del buf462
            del mul_14
            buf470 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_714, view_326, mul_451, sum_135], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf469, buf470, 768, 16, stream=stream0)
            buf472 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_714, view_326, sum_136], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf471, buf472, 768, 16, stream=stream0)
            buf477 = reinterpret_tensor(buf471, (1, 768, 16), (12288, 1, 768), 0); del buf471  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_716, convert_element_type_717, mul_452, mul_453, view_327, sum_137], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf474, buf477, 12288, 128, stream=stream0)
            buf478 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_716, convert_element_type_717, mul_452, mul_453, view_327, sum_137], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf477, buf478, 768, 16, stream=stream0)
            buf488 = reinterpret_tensor(buf477, (768, 16), (1, 768), 0); del buf477  # reuse
            buf490 = buf469; del buf469  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_735, view_332, mul_469, sum_141, sum_142], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf481, mul_6, buf488, buf490, 12288, 128, stream=stream0)
            del buf481
            del mul_6
            buf489 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_735, view_332, mul_469, sum_141], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf488, buf489, 768, 16, stream=stream0)
            buf491 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_735, view_332, sum_142], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf490, buf491, 768, 16, stream=stream0)
            buf496 = reinterpret_tensor(buf490, (1, 768, 16), (12288, 1, 768), 0); del buf490  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_737, convert_element_type_738, mul_470, mul_471, view_333, sum_143], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_dropout_backward_sum_view_8.run(buf493, buf496, 12288, 128, stream=stream0)
            buf497 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_737, convert_element_type_738, mul_470, mul_471, view_333, sum_143], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf496, buf497, 768, 16, stream=stream0)
            buf503 = empty_strided_cuda((4, 512, 2304), (1179648, 2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_172, add_173, permute_192, view_337, permute_193, clone_70, view_338, permute_194, clone_71, view_339, cat_11], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused__unsafe_view_add_cat_clone_transpose_view_5.run(buf500, tangents_3, buf501, tangents_2, buf502, buf503, 4718592, stream=stream0)
            del buf500
            del buf501
            del tangents_2
            del tangents_3
            buf504 = reinterpret_tensor(buf502, (2048, 768), (768, 1), 0); del buf502  # reuse
            # Topologically Sorted Source Nodes: [add_172, add_173, permute_192, view_337, permute_193, clone_70, view_338, permute_194, clone_71, view_339, cat_11, view_340, mm_97], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf503, (2048, 2304), (2304, 1), 0), permute_195, out=buf504)
            del permute_195
            buf511 = reinterpret_tensor(buf496, (768, 16), (1, 768), 0); del buf496  # reuse
            buf513 = buf488; del buf488  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_752, view_342, mul_478, sum_147, sum_148], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_9.run(buf504, mul_2, buf511, buf513, 12288, 128, stream=stream0)
            buf512 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_752, view_342, mul_478, sum_147], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf511, buf512, 768, 16, stream=stream0)
            del buf511
            buf514 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_752, view_342, sum_148], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_layer_norm_backward_view_7.run(buf513, buf514, 768, 16, stream=stream0)
            del buf513
            buf44 = empty_strided_cuda((1, 2304, 16), (36864, 1, 2304), torch.float32)
            # Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf41, buf44, 36864, 128, stream=stream0)
            buf45 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf44, buf45, 2304, 16, stream=stream0)
            buf86 = buf44; del buf44  # reuse
            # Topologically Sorted Source Nodes: [add_112, add_113, permute_72, view_177, permute_73, clone_30, view_178, permute_74, clone_31, view_179, cat_1, view_180, sum_24], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf83, buf86, 36864, 128, stream=stream0)
            buf87 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_112, add_113, permute_72, view_177, permute_73, clone_30, view_178, permute_74, clone_31, view_179, cat_1, view_180, sum_24], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf86, buf87, 2304, 16, stream=stream0)
            buf128 = buf86; del buf86  # reuse
            # Topologically Sorted Source Nodes: [add_118, add_119, permute_84, view_193, permute_85, clone_34, view_194, permute_86, clone_35, view_195, cat_2, view_196, sum_36], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf125, buf128, 36864, 128, stream=stream0)
            buf129 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_118, add_119, permute_84, view_193, permute_85, clone_34, view_194, permute_86, clone_35, view_195, cat_2, view_196, sum_36], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf128, buf129, 2304, 16, stream=stream0)
            buf170 = buf128; del buf128  # reuse
            # Topologically Sorted Source Nodes: [add_124, add_125, permute_96, view_209, permute_97, clone_38, view_210, permute_98, clone_39, view_211, cat_3, view_212, sum_48], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf167, buf170, 36864, 128, stream=stream0)
            buf171 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_124, add_125, permute_96, view_209, permute_97, clone_38, view_210, permute_98, clone_39, view_211, cat_3, view_212, sum_48], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf170, buf171, 2304, 16, stream=stream0)
            buf212 = buf170; del buf170  # reuse
            # Topologically Sorted Source Nodes: [add_130, add_131, permute_108, view_225, permute_109, clone_42, view_226, permute_110, clone_43, view_227, cat_4, view_228, sum_60], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf209, buf212, 36864, 128, stream=stream0)
            buf213 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_130, add_131, permute_108, view_225, permute_109, clone_42, view_226, permute_110, clone_43, view_227, cat_4, view_228, sum_60], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf212, buf213, 2304, 16, stream=stream0)
            buf254 = buf212; del buf212  # reuse
            # Topologically Sorted Source Nodes: [add_136, add_137, permute_120, view_241, permute_121, clone_46, view_242, permute_122, clone_47, view_243, cat_5, view_244, sum_72], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf251, buf254, 36864, 128, stream=stream0)
            buf255 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_136, add_137, permute_120, view_241, permute_121, clone_46, view_242, permute_122, clone_47, view_243, cat_5, view_244, sum_72], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf254, buf255, 2304, 16, stream=stream0)
            buf296 = buf254; del buf254  # reuse
            # Topologically Sorted Source Nodes: [add_142, add_143, permute_132, view_257, permute_133, clone_50, view_258, permute_134, clone_51, view_259, cat_6, view_260, sum_84], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf293, buf296, 36864, 128, stream=stream0)
            buf297 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_142, add_143, permute_132, view_257, permute_133, clone_50, view_258, permute_134, clone_51, view_259, cat_6, view_260, sum_84], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf296, buf297, 2304, 16, stream=stream0)
            buf338 = buf296; del buf296  # reuse
            # Topologically Sorted Source Nodes: [add_148, add_149, permute_144, view_273, permute_145, clone_54, view_274, permute_146, clone_55, view_275, cat_7, view_276, sum_96], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf335, buf338, 36864, 128, stream=stream0)
            buf339 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_148, add_149, permute_144, view_273, permute_145, clone_54, view_274, permute_146, clone_55, view_275, cat_7, view_276, sum_96], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf338, buf339, 2304, 16, stream=stream0)
            buf380 = buf338; del buf338  # reuse
            # Topologically Sorted Source Nodes: [add_154, add_155, permute_156, view_289, permute_157, clone_58, view_290, permute_158, clone_59, view_291, cat_8, view_292, sum_108], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf377, buf380, 36864, 128, stream=stream0)
            buf381 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_154, add_155, permute_156, view_289, permute_157, clone_58, view_290, permute_158, clone_59, view_291, cat_8, view_292, sum_108], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf380, buf381, 2304, 16, stream=stream0)
            buf422 = buf380; del buf380  # reuse
            # Topologically Sorted Source Nodes: [add_160, add_161, permute_168, view_305, permute_169, clone_62, view_306, permute_170, clone_63, view_307, cat_9, view_308, sum_120], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf419, buf422, 36864, 128, stream=stream0)
            buf423 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_160, add_161, permute_168, view_305, permute_169, clone_62, view_306, permute_170, clone_63, view_307, cat_9, view_308, sum_120], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf422, buf423, 2304, 16, stream=stream0)
            buf464 = buf422; del buf422  # reuse
            # Topologically Sorted Source Nodes: [add_166, add_167, permute_180, view_321, permute_181, clone_66, view_322, permute_182, clone_67, view_323, cat_10, view_324, sum_132], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf461, buf464, 36864, 128, stream=stream0)
            buf465 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_166, add_167, permute_180, view_321, permute_181, clone_66, view_322, permute_182, clone_67, view_323, cat_10, view_324, sum_132], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf464, buf465, 2304, 16, stream=stream0)
            buf506 = buf464; del buf464  # reuse
            # Topologically Sorted Source Nodes: [add_172, add_173, permute_192, view_337, permute_193, clone_70, view_338, permute_194, clone_71, view_339, cat_11, view_340, sum_144], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf503, buf506, 36864, 128, stream=stream0)
            buf507 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [add_172, add_173, permute_192, view_337, permute_193, clone_70, view_338, permute_194, clone_71, view_339, cat_11, view_340, sum_144], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_11.run(buf506, buf507, 2304, 16, stream=stream0)
            del buf506
            buf21 = empty_strided_cuda((1, 3072, 16), (49152, 1, 3072), torch.float32)
            # Topologically Sorted Source Nodes: [view_154, sum_6], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf18, buf21, 49152, 128, stream=stream0)
            buf22 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_154, sum_6], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf21, buf22, 3072, 16, stream=stream0)
            buf63 = buf21; del buf21  # reuse
            # Topologically Sorted Source Nodes: [view_170, sum_18], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf60, buf63, 49152, 128, stream=stream0)
            buf64 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_170, sum_18], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf63, buf64, 3072, 16, stream=stream0)
            buf105 = buf63; del buf63  # reuse
            # Topologically Sorted Source Nodes: [view_186, sum_30], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf102, buf105, 49152, 128, stream=stream0)
            buf106 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_186, sum_30], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf105, buf106, 3072, 16, stream=stream0)
            buf147 = buf105; del buf105  # reuse
            # Topologically Sorted Source Nodes: [view_202, sum_42], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf144, buf147, 49152, 128, stream=stream0)
            buf148 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_202, sum_42], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf147, buf148, 3072, 16, stream=stream0)
            buf189 = buf147; del buf147  # reuse
            # Topologically Sorted Source Nodes: [view_218, sum_54], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf186, buf189, 49152, 128, stream=stream0)
            buf190 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_218, sum_54], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf189, buf190, 3072, 16, stream=stream0)
            buf231 = buf189; del buf189  # reuse
            # Topologically Sorted Source Nodes: [view_234, sum_66], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf228, buf231, 49152, 128, stream=stream0)
            buf232 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_234, sum_66], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf231, buf232, 3072, 16, stream=stream0)
            buf273 = buf231; del buf231  # reuse
            # Topologically Sorted Source Nodes: [view_250, sum_78], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf270, buf273, 49152, 128, stream=stream0)
            buf274 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_250, sum_78], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf273, buf274, 3072, 16, stream=stream0)
            buf315 = buf273; del buf273  # reuse
            # Topologically Sorted Source Nodes: [view_266, sum_90], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf312, buf315, 49152, 128, stream=stream0)
            buf316 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_266, sum_90], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf315, buf316, 3072, 16, stream=stream0)
            buf357 = buf315; del buf315  # reuse
            # Topologically Sorted Source Nodes: [view_282, sum_102], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf354, buf357, 49152, 128, stream=stream0)
            buf358 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_282, sum_102], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf357, buf358, 3072, 16, stream=stream0)
            buf399 = buf357; del buf357  # reuse
            # Topologically Sorted Source Nodes: [view_298, sum_114], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf396, buf399, 49152, 128, stream=stream0)
            buf400 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_298, sum_114], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf399, buf400, 3072, 16, stream=stream0)
            buf441 = buf399; del buf399  # reuse
            # Topologically Sorted Source Nodes: [view_314, sum_126], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf438, buf441, 49152, 128, stream=stream0)
            buf442 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_314, sum_126], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf441, buf442, 3072, 16, stream=stream0)
            buf483 = buf441; del buf441  # reuse
            # Topologically Sorted Source Nodes: [view_330, sum_138], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_12.run(buf480, buf483, 49152, 128, stream=stream0)
            buf484 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_330, sum_138], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_13.run(buf483, buf484, 3072, 16, stream=stream0)
            del buf483
            buf516 = empty_strided_cuda((1024, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_25], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_14.run(buf516, 786432, stream=stream0)
            buf33 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_319, convert_element_type_320, mul_173, mul_174, view_157, transpose_47, reshape_11, view_127, permute_58, mm_8], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_181, (768, 2048), (1, 768), 0), reinterpret_tensor(buf31, (2048, 768), (768, 1), 0), out=buf33)
            del buf31
            del getitem_181
            buf36 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_327], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf33, buf36, 589824, stream=stream0)
            buf75 = buf33; del buf33  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_357, convert_element_type_358, mul_200, mul_201, view_173, transpose_43, reshape_10, view_116, permute_70, mm_16], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_165, (768, 2048), (1, 768), 0), reinterpret_tensor(buf73, (2048, 768), (768, 1), 0), out=buf75)
            del buf73
            del getitem_165
            buf78 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_365], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf75, buf78, 589824, stream=stream0)
            buf117 = buf75; del buf75  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_395, convert_element_type_396, mul_227, mul_228, view_189, transpose_39, reshape_9, view_105, permute_82, mm_24], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_149, (768, 2048), (1, 768), 0), reinterpret_tensor(buf115, (2048, 768), (768, 1), 0), out=buf117)
            del buf115
            del getitem_149
            buf120 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_403], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf117, buf120, 589824, stream=stream0)
            buf159 = buf117; del buf117  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_433, convert_element_type_434, mul_254, mul_255, view_205, transpose_35, reshape_8, view_94, permute_94, mm_32], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_133, (768, 2048), (1, 768), 0), reinterpret_tensor(buf157, (2048, 768), (768, 1), 0), out=buf159)
            del buf157
            del getitem_133
            buf162 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_441], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf159, buf162, 589824, stream=stream0)
            buf201 = buf159; del buf159  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_471, convert_element_type_472, mul_281, mul_282, view_221, transpose_31, reshape_7, view_83, permute_106, mm_40], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_117, (768, 2048), (1, 768), 0), reinterpret_tensor(buf199, (2048, 768), (768, 1), 0), out=buf201)
            del buf199
            del getitem_117
            buf204 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_479], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf201, buf204, 589824, stream=stream0)
            buf243 = buf201; del buf201  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_509, convert_element_type_510, mul_308, mul_309, view_237, transpose_27, reshape_6, view_72, permute_118, mm_48], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_101, (768, 2048), (1, 768), 0), reinterpret_tensor(buf241, (2048, 768), (768, 1), 0), out=buf243)
            del buf241
            del getitem_101
            buf246 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_517], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf243, buf246, 589824, stream=stream0)
            buf285 = buf243; del buf243  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_547, convert_element_type_548, mul_335, mul_336, view_253, transpose_23, reshape_5, view_61, permute_130, mm_56], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_85, (768, 2048), (1, 768), 0), reinterpret_tensor(buf283, (2048, 768), (768, 1), 0), out=buf285)
            del buf283
            del getitem_85
            buf288 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_555], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf285, buf288, 589824, stream=stream0)
            buf327 = buf285; del buf285  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_585, convert_element_type_586, mul_362, mul_363, view_269, transpose_19, reshape_4, view_50, permute_142, mm_64], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_69, (768, 2048), (1, 768), 0), reinterpret_tensor(buf325, (2048, 768), (768, 1), 0), out=buf327)
            del buf325
            del getitem_69
            buf330 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_593], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf327, buf330, 589824, stream=stream0)
            buf369 = buf327; del buf327  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_623, convert_element_type_624, mul_389, mul_390, view_285, transpose_15, reshape_3, view_39, permute_154, mm_72], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_53, (768, 2048), (1, 768), 0), reinterpret_tensor(buf367, (2048, 768), (768, 1), 0), out=buf369)
            del buf367
            del getitem_53
            buf372 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_631], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf369, buf372, 589824, stream=stream0)
            buf411 = buf369; del buf369  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_661, convert_element_type_662, mul_416, mul_417, view_301, transpose_11, reshape_2, view_28, permute_166, mm_80], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_37, (768, 2048), (1, 768), 0), reinterpret_tensor(buf409, (2048, 768), (768, 1), 0), out=buf411)
            del buf409
            del getitem_37
            buf414 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_669], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf411, buf414, 589824, stream=stream0)
            buf453 = buf411; del buf411  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_699, convert_element_type_700, mul_443, mul_444, view_317, transpose_7, reshape_1, view_17, permute_178, mm_88], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_21, (768, 2048), (1, 768), 0), reinterpret_tensor(buf451, (2048, 768), (768, 1), 0), out=buf453)
            del buf451
            del getitem_21
            buf456 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_707], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf453, buf456, 589824, stream=stream0)
            buf495 = buf453; del buf453  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_737, convert_element_type_738, mul_470, mul_471, view_333, transpose_3, reshape, view_6, permute_190, mm_96], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.transpose, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(getitem_5, (768, 2048), (1, 768), 0), reinterpret_tensor(buf493, (2048, 768), (768, 1), 0), out=buf495)
            del buf493
            del getitem_5
            buf498 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_745], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_15.run(buf495, buf498, 589824, stream=stream0)
            del buf495
            buf518 = empty_strided_cuda((50257, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_27], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_16.run(buf518, 38597376, stream=stream0)
            buf515 = buf492; del buf492  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_752, view_342, mul_473, mul_474, sum_145, mul_475, sum_146, mul_476, sub_110, sub_111, mul_477, add_174, convert_element_type_754, mul_479, mul_480, full_default_24, eq_1, unsqueeze_8, where_13, full_default_27, index_put_1], Original ATen: [aten._to_copy, aten.view, aten.native_layer_norm_backward, aten.add, aten.native_dropout_backward, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_embedding_dense_backward_native_dropout_backward_native_layer_norm_backward_view_17.run(buf515, buf504, primals_4, mul_2, div_24, gt, primals_1, buf518, 2048, 768, stream=stream0)
            del buf504
            del div_24
            del gt
            del mul_2
            del primals_1
            del primals_4
            # Topologically Sorted Source Nodes: [sum_149, eq, unsqueeze_7, full_default_24, where_12, full_default_25, index_put], Original ATen: [aten.sum, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_sum_18.run(unsqueeze, buf515, buf516, 393216, stream=stream0)
            del buf515
            del unsqueeze
            buf43 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [add_106, add_107, permute_60, view_161, permute_61, clone_26, view_162, permute_62, clone_27, view_163, cat, view_164, mm_10], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_64, reinterpret_tensor(buf41, (2048, 2304), (2304, 1), 0), out=buf43)
            del buf41
            del permute_64
            buf46 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_335], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf43, buf46, 1769472, stream=stream0)
            buf85 = buf43; del buf43  # reuse
            # Topologically Sorted Source Nodes: [add_112, add_113, permute_72, view_177, permute_73, clone_30, view_178, permute_74, clone_31, view_179, cat_1, view_180, mm_18], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_76, reinterpret_tensor(buf83, (2048, 2304), (2304, 1), 0), out=buf85)
            del buf83
            del permute_76
            buf88 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_373], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf85, buf88, 1769472, stream=stream0)
            buf127 = buf85; del buf85  # reuse
            # Topologically Sorted Source Nodes: [add_118, add_119, permute_84, view_193, permute_85, clone_34, view_194, permute_86, clone_35, view_195, cat_2, view_196, mm_26], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_88, reinterpret_tensor(buf125, (2048, 2304), (2304, 1), 0), out=buf127)
            del buf125
            del permute_88
            buf130 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_411], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf127, buf130, 1769472, stream=stream0)
            buf169 = buf127; del buf127  # reuse
            # Topologically Sorted Source Nodes: [add_124, add_125, permute_96, view_209, permute_97, clone_38, view_210, permute_98, clone_39, view_211, cat_3, view_212, mm_34], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_100, reinterpret_tensor(buf167, (2048, 2304), (2304, 1), 0), out=buf169)
            del buf167
            del permute_100
            buf172 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_449], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf169, buf172, 1769472, stream=stream0)
            buf211 = buf169; del buf169  # reuse
            # Topologically Sorted Source Nodes: [add_130, add_131, permute_108, view_225, permute_109, clone_42, view_226, permute_110, clone_43, view_227, cat_4, view_228, mm_42], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_112, reinterpret_tensor(buf209, (2048, 2304), (2304, 1), 0), out=buf211)
            del buf209
            del permute_112
            buf214 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_487], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf211, buf214, 1769472, stream=stream0)
            buf253 = buf211; del buf211  # reuse
            # Topologically Sorted Source Nodes: [add_136, add_137, permute_120, view_241, permute_121, clone_46, view_242, permute_122, clone_47, view_243, cat_5, view_244, mm_50], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_124, reinterpret_tensor(buf251, (2048, 2304), (2304, 1), 0), out=buf253)
            del buf251
            del permute_124
            buf256 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_525], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf253, buf256, 1769472, stream=stream0)
            buf295 = buf253; del buf253  # reuse
            # Topologically Sorted Source Nodes: [add_142, add_143, permute_132, view_257, permute_133, clone_50, view_258, permute_134, clone_51, view_259, cat_6, view_260, mm_58], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_136, reinterpret_tensor(buf293, (2048, 2304), (2304, 1), 0), out=buf295)
            del buf293
            del permute_136
            buf298 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_563], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf295, buf298, 1769472, stream=stream0)
            buf337 = buf295; del buf295  # reuse
            # Topologically Sorted Source Nodes: [add_148, add_149, permute_144, view_273, permute_145, clone_54, view_274, permute_146, clone_55, view_275, cat_7, view_276, mm_66], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_148, reinterpret_tensor(buf335, (2048, 2304), (2304, 1), 0), out=buf337)
            del buf335
            del permute_148
            buf340 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_601], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf337, buf340, 1769472, stream=stream0)
            buf379 = buf337; del buf337  # reuse
            # Topologically Sorted Source Nodes: [add_154, add_155, permute_156, view_289, permute_157, clone_58, view_290, permute_158, clone_59, view_291, cat_8, view_292, mm_74], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_160, reinterpret_tensor(buf377, (2048, 2304), (2304, 1), 0), out=buf379)
            del buf377
            del permute_160
            buf382 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_639], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf379, buf382, 1769472, stream=stream0)
            buf421 = buf379; del buf379  # reuse
            # Topologically Sorted Source Nodes: [add_160, add_161, permute_168, view_305, permute_169, clone_62, view_306, permute_170, clone_63, view_307, cat_9, view_308, mm_82], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_172, reinterpret_tensor(buf419, (2048, 2304), (2304, 1), 0), out=buf421)
            del buf419
            del permute_172
            buf424 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_677], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf421, buf424, 1769472, stream=stream0)
            buf463 = buf421; del buf421  # reuse
            # Topologically Sorted Source Nodes: [add_166, add_167, permute_180, view_321, permute_181, clone_66, view_322, permute_182, clone_67, view_323, cat_10, view_324, mm_90], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_184, reinterpret_tensor(buf461, (2048, 2304), (2304, 1), 0), out=buf463)
            del buf461
            del permute_184
            buf466 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_715], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf463, buf466, 1769472, stream=stream0)
            buf505 = buf463; del buf463  # reuse
            # Topologically Sorted Source Nodes: [add_172, add_173, permute_192, view_337, permute_193, clone_70, view_338, permute_194, clone_71, view_339, cat_11, view_340, mm_98], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            extern_kernels.mm(permute_196, reinterpret_tensor(buf503, (2048, 2304), (2304, 1), 0), out=buf505)
            del buf503
            del permute_196
            buf508 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_753], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_19.run(buf505, buf508, 1769472, stream=stream0)
            del buf505
            buf14 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_298, convert_element_type_299, mul_155, mul_156, view_151, mm_4], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_54, reinterpret_tensor(buf12, (2048, 768), (768, 1), 0), out=buf14)
            del buf12
            del permute_54
            buf17 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_307], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf14, buf17, 2359296, stream=stream0)
            buf20 = reinterpret_tensor(buf14, (768, 3072), (3072, 1), 0); del buf14  # reuse
            # Topologically Sorted Source Nodes: [view_154, mm_6], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_56, reinterpret_tensor(buf18, (2048, 3072), (3072, 1), 0), out=buf20)
            del buf18
            del permute_56
            buf23 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_318], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf20, buf23, 2359296, stream=stream0)
            buf56 = reinterpret_tensor(buf20, (3072, 768), (768, 1), 0); del buf20  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_336, convert_element_type_337, mul_182, mul_183, view_167, mm_12], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_66, reinterpret_tensor(buf54, (2048, 768), (768, 1), 0), out=buf56)
            del buf54
            del permute_66
            buf59 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_345], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf56, buf59, 2359296, stream=stream0)
            buf62 = reinterpret_tensor(buf56, (768, 3072), (3072, 1), 0); del buf56  # reuse
            # Topologically Sorted Source Nodes: [view_170, mm_14], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_68, reinterpret_tensor(buf60, (2048, 3072), (3072, 1), 0), out=buf62)
            del buf60
            del permute_68
            buf65 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_356], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf62, buf65, 2359296, stream=stream0)
            buf98 = reinterpret_tensor(buf62, (3072, 768), (768, 1), 0); del buf62  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_374, convert_element_type_375, mul_209, mul_210, view_183, mm_20], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_78, reinterpret_tensor(buf96, (2048, 768), (768, 1), 0), out=buf98)
            del buf96
            del permute_78
            buf101 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_383], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf98, buf101, 2359296, stream=stream0)
            buf104 = reinterpret_tensor(buf98, (768, 3072), (3072, 1), 0); del buf98  # reuse
            # Topologically Sorted Source Nodes: [view_186, mm_22], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_80, reinterpret_tensor(buf102, (2048, 3072), (3072, 1), 0), out=buf104)
            del buf102
            del permute_80
            buf107 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_394], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf104, buf107, 2359296, stream=stream0)
            buf140 = reinterpret_tensor(buf104, (3072, 768), (768, 1), 0); del buf104  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_412, convert_element_type_413, mul_236, mul_237, view_199, mm_28], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_90, reinterpret_tensor(buf138, (2048, 768), (768, 1), 0), out=buf140)
            del buf138
            del permute_90
            buf143 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_421], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf140, buf143, 2359296, stream=stream0)
            buf146 = reinterpret_tensor(buf140, (768, 3072), (3072, 1), 0); del buf140  # reuse
            # Topologically Sorted Source Nodes: [view_202, mm_30], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_92, reinterpret_tensor(buf144, (2048, 3072), (3072, 1), 0), out=buf146)
            del buf144
            del permute_92
            buf149 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_432], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf146, buf149, 2359296, stream=stream0)
            buf182 = reinterpret_tensor(buf146, (3072, 768), (768, 1), 0); del buf146  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_450, convert_element_type_451, mul_263, mul_264, view_215, mm_36], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_102, reinterpret_tensor(buf180, (2048, 768), (768, 1), 0), out=buf182)
            del buf180
            del permute_102
            buf185 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_459], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf182, buf185, 2359296, stream=stream0)
            buf188 = reinterpret_tensor(buf182, (768, 3072), (3072, 1), 0); del buf182  # reuse
            # Topologically Sorted Source Nodes: [view_218, mm_38], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_104, reinterpret_tensor(buf186, (2048, 3072), (3072, 1), 0), out=buf188)
            del buf186
            del permute_104
            buf191 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_470], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf188, buf191, 2359296, stream=stream0)
            buf224 = reinterpret_tensor(buf188, (3072, 768), (768, 1), 0); del buf188  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_488, convert_element_type_489, mul_290, mul_291, view_231, mm_44], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_114, reinterpret_tensor(buf222, (2048, 768), (768, 1), 0), out=buf224)
            del buf222
            del permute_114
            buf227 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_497], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf224, buf227, 2359296, stream=stream0)
            buf230 = reinterpret_tensor(buf224, (768, 3072), (3072, 1), 0); del buf224  # reuse
            # Topologically Sorted Source Nodes: [view_234, mm_46], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_116, reinterpret_tensor(buf228, (2048, 3072), (3072, 1), 0), out=buf230)
            del buf228
            del permute_116
            buf233 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_508], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf230, buf233, 2359296, stream=stream0)
            buf266 = reinterpret_tensor(buf230, (3072, 768), (768, 1), 0); del buf230  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_526, convert_element_type_527, mul_317, mul_318, view_247, mm_52], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_126, reinterpret_tensor(buf264, (2048, 768), (768, 1), 0), out=buf266)
            del buf264
            del permute_126
            buf269 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_535], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf266, buf269, 2359296, stream=stream0)
            buf272 = reinterpret_tensor(buf266, (768, 3072), (3072, 1), 0); del buf266  # reuse
            # Topologically Sorted Source Nodes: [view_250, mm_54], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_128, reinterpret_tensor(buf270, (2048, 3072), (3072, 1), 0), out=buf272)
            del buf270
            del permute_128
            buf275 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_546], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf272, buf275, 2359296, stream=stream0)
            buf308 = reinterpret_tensor(buf272, (3072, 768), (768, 1), 0); del buf272  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_564, convert_element_type_565, mul_344, mul_345, view_263, mm_60], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_138, reinterpret_tensor(buf306, (2048, 768), (768, 1), 0), out=buf308)
            del buf306
            del permute_138
            buf311 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_573], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf308, buf311, 2359296, stream=stream0)
            buf314 = reinterpret_tensor(buf308, (768, 3072), (3072, 1), 0); del buf308  # reuse
            # Topologically Sorted Source Nodes: [view_266, mm_62], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_140, reinterpret_tensor(buf312, (2048, 3072), (3072, 1), 0), out=buf314)
            del buf312
            del permute_140
            buf317 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_584], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf314, buf317, 2359296, stream=stream0)
            buf350 = reinterpret_tensor(buf314, (3072, 768), (768, 1), 0); del buf314  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_602, convert_element_type_603, mul_371, mul_372, view_279, mm_68], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_150, reinterpret_tensor(buf348, (2048, 768), (768, 1), 0), out=buf350)
            del buf348
            del permute_150
            buf353 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_611], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf350, buf353, 2359296, stream=stream0)
            buf356 = reinterpret_tensor(buf350, (768, 3072), (3072, 1), 0); del buf350  # reuse
            # Topologically Sorted Source Nodes: [view_282, mm_70], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_152, reinterpret_tensor(buf354, (2048, 3072), (3072, 1), 0), out=buf356)
            del buf354
            del permute_152
            buf359 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_622], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf356, buf359, 2359296, stream=stream0)
            buf392 = reinterpret_tensor(buf356, (3072, 768), (768, 1), 0); del buf356  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_640, convert_element_type_641, mul_398, mul_399, view_295, mm_76], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_162, reinterpret_tensor(buf390, (2048, 768), (768, 1), 0), out=buf392)
            del buf390
            del permute_162
            buf395 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_649], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf392, buf395, 2359296, stream=stream0)
            buf398 = reinterpret_tensor(buf392, (768, 3072), (3072, 1), 0); del buf392  # reuse
            # Topologically Sorted Source Nodes: [view_298, mm_78], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_164, reinterpret_tensor(buf396, (2048, 3072), (3072, 1), 0), out=buf398)
            del buf396
            del permute_164
            buf401 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_660], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf398, buf401, 2359296, stream=stream0)
            buf434 = reinterpret_tensor(buf398, (3072, 768), (768, 1), 0); del buf398  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_678, convert_element_type_679, mul_425, mul_426, view_311, mm_84], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_174, reinterpret_tensor(buf432, (2048, 768), (768, 1), 0), out=buf434)
            del buf432
            del permute_174
            buf437 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_687], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf434, buf437, 2359296, stream=stream0)
            buf440 = reinterpret_tensor(buf434, (768, 3072), (3072, 1), 0); del buf434  # reuse
            # Topologically Sorted Source Nodes: [view_314, mm_86], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_176, reinterpret_tensor(buf438, (2048, 3072), (3072, 1), 0), out=buf440)
            del buf438
            del permute_176
            buf443 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_698], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf440, buf443, 2359296, stream=stream0)
            buf476 = reinterpret_tensor(buf440, (3072, 768), (768, 1), 0); del buf440  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_716, convert_element_type_717, mul_452, mul_453, view_327, mm_92], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(permute_186, reinterpret_tensor(buf474, (2048, 768), (768, 1), 0), out=buf476)
            del buf474
            del permute_186
            buf479 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_725], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf476, buf479, 2359296, stream=stream0)
            buf482 = reinterpret_tensor(buf476, (768, 3072), (3072, 1), 0); del buf476  # reuse
            # Topologically Sorted Source Nodes: [view_330, mm_94], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(permute_188, reinterpret_tensor(buf480, (2048, 3072), (3072, 1), 0), out=buf482)
            del buf480
            del permute_188
            buf485 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_736], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_20.run(buf482, buf485, 2359296, stream=stream0)
            del buf482
            buf1 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [view_148, permute_49, constant_pad_nd_default_2, mm_default_1], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(buf0, view_146, out=buf1)
            del buf0
            del view_146
            buf520 = empty_strided_cuda((50257, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_tensor, convert_element_type_297, add_175], Original ATen: [aten.mm, aten._to_copy, aten.add]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mm_21.run(buf1, buf518, buf520, 38597376, stream=stream0)
            del buf1
            del buf518
        return (None, buf520, buf516, buf512, buf514, reinterpret_tensor(buf507, (2304, ), (1, ), 0), buf508, reinterpret_tensor(buf497, (768, ), (1, ), 0), buf498, buf489, buf491, reinterpret_tensor(buf484, (3072, ), (1, ), 0), buf485, reinterpret_tensor(buf478, (768, ), (1, ), 0), buf479, buf470, buf472, reinterpret_tensor(buf465, (2304, ), (1, ), 0), buf466, reinterpret_tensor(buf455, (768, ), (1, ), 0), buf456, buf447, buf449, reinterpret_tensor(buf442, (3072, ), (1, ), 0), buf443, reinterpret_tensor(buf436, (768, ), (1, ), 0), buf437, buf428, buf430, reinterpret_tensor(buf423, (2304, ), (1, ), 0), buf424, reinterpret_tensor(buf413, (768, ), (1, ), 0), buf414, buf405, buf407, reinterpret_tensor(buf400, (3072, ), (1, ), 0), buf401, reinterpret_tensor(buf394, (768, ), (1, ), 0), buf395, buf386, buf388, reinterpret_tensor(buf381, (2304, ), (1, ), 0), buf382, reinterpret_tensor(buf371, (768, ), (1, ), 0), buf372, buf363, buf365, reinterpret_tensor(buf358, (3072, ), (1, ), 0), buf359, reinterpret_tensor(buf352, (768, ), (1, ), 0), buf353, buf344, buf346, reinterpret_tensor(buf339, (2304, ), (1, ), 0), buf340, reinterpret_tensor(buf329, (768, ), (1, ), 0), buf330, buf321, buf323, reinterpret_tensor(buf316, (3072, ), (1, ), 0), buf317, reinterpret_tensor(buf310, (768, ), (1, ), 0), buf311, buf302, buf304, reinterpret_tensor(buf297, (2304, ), (1, ), 0), buf298, reinterpret_tensor(buf287, (768, ), (1, ), 0), buf288, buf279, buf281, reinterpret_tensor(buf274, (3072, ), (1, ), 0), buf275, reinterpret_tensor(buf268, (768, ), (1, ), 0), buf269, buf260, buf262, reinterpret_tensor(buf255, (2304, ), (1, ), 0), buf256, reinterpret_tensor(buf245, (768, ), (1, ), 0), buf246, buf237, buf239, reinterpret_tensor(buf232, (3072, ), (1, ), 0), buf233, reinterpret_tensor(buf226, (768, ), (1, ), 0), buf227, buf218, buf220, reinterpret_tensor(buf213, (2304, ), (1, ), 0), buf214, reinterpret_tensor(buf203, (768, ), (1, ), 0), buf204, buf195, buf197, reinterpret_tensor(buf190, (3072, ), (1, ), 0), buf191, reinterpret_tensor(buf184, (768, ), (1, ), 0), buf185, buf176, buf178, reinterpret_tensor(buf171, (2304, ), (1, ), 0), buf172, reinterpret_tensor(buf161, (768, ), (1, ), 0), buf162, buf153, buf155, reinterpret_tensor(buf148, (3072, ), (1, ), 0), buf149, reinterpret_tensor(buf142, (768, ), (1, ), 0), buf143, buf134, buf136, reinterpret_tensor(buf129, (2304, ), (1, ), 0), buf130, reinterpret_tensor(buf119, (768, ), (1, ), 0), buf120, buf111, buf113, reinterpret_tensor(buf106, (3072, ), (1, ), 0), buf107, reinterpret_tensor(buf100, (768, ), (1, ), 0), buf101, buf92, buf94, reinterpret_tensor(buf87, (2304, ), (1, ), 0), buf88, reinterpret_tensor(buf77, (768, ), (1, ), 0), buf78, buf69, buf71, reinterpret_tensor(buf64, (3072, ), (1, ), 0), buf65, reinterpret_tensor(buf58, (768, ), (1, ), 0), buf59, buf50, buf52, reinterpret_tensor(buf45, (2304, ), (1, ), 0), buf46, reinterpret_tensor(buf35, (768, ), (1, ), 0), buf36, buf27, buf29, reinterpret_tensor(buf22, (3072, ), (1, ), 0), buf23, reinterpret_tensor(buf16, (768, ), (1, ), 0), buf17, buf9, buf11, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((4, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_4 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_46 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_52 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_58 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_64 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_70 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_76 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_82 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_88 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_94 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_100 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_106 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_112 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_118 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_124 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_130 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_136 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_142 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_148 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    unsqueeze = rand_strided((1, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    gt = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_2 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_2 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_1 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    where = rand_strided((4, 1, 512, 512), (262144, 262144, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_5 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_6 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_11 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_12 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_1 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_6 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_2 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_2 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_14 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_6 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_2 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_3 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_21 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_22 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_27 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_28 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_3 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_18 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_6 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_4 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_26 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_10 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_4 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_5 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_37 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_38 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_43 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_44 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_5 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_30 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_10 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_6 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_38 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_14 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_6 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_7 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_53 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_54 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_59 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_60 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_7 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_42 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_14 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_8 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_50 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_18 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_8 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_9 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_69 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_70 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_75 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_76 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_9 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_54 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_18 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_10 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_62 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_22 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_10 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_11 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_85 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_86 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_91 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_92 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_11 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_66 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_22 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_12 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_74 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_26 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_12 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_13 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_101 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_102 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_107 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_108 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_13 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_78 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_26 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_14 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_86 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_30 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_14 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_15 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_117 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_118 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_123 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_124 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_15 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_90 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_30 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_16 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_98 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_34 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_16 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_17 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_133 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_134 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_139 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_140 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_17 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_102 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_34 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_18 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_110 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_38 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_18 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_19 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_149 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_150 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_155 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_156 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_19 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_114 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_38 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_20 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_122 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_42 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_20 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_21 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_165 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_166 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_171 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_172 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_21 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_126 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_42 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_22 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_134 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_46 = rand_strided((4, 12, 512, 64), (1179648, 64, 2304, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_22 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    clone_23 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_181 = rand_strided((4, 12, 512, 64), (393216, 64, 768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_182 = rand_strided((4, 12, 512, 1), (6144, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_187 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_188 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    gt_23 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_138 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_46 = rand_strided((2048, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_24 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_146 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    view_146 = rand_strided((2048, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_51 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_53 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_54 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_55 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_56 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_1 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_57 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_63 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_64 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_2 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_65 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_66 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_67 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_68 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_3 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_69 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_75 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_76 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_4 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_77 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_78 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_79 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_80 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_5 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_81 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_87 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_88 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_6 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_89 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_90 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_91 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_92 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_7 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_93 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_99 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_100 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_8 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_101 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_102 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_103 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_104 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_9 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_105 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_111 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_112 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_10 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_113 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_114 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_115 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_116 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_11 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_117 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_123 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_124 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_12 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_125 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_126 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_127 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_128 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_13 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_129 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_135 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_136 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_14 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_137 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_138 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_139 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_140 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_15 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_141 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_147 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_148 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_16 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_149 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_150 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_151 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_152 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_17 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_153 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_159 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_160 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_18 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_161 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_162 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_163 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_164 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_19 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_165 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_171 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_172 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_20 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_173 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_174 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_175 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_176 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_21 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_177 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_183 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_184 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_22 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_185 = rand_strided((768, 3072), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_186 = rand_strided((3072, 2048), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_187 = rand_strided((3072, 768), (1, 3072), device='cuda:0', dtype=torch.bfloat16)
    permute_188 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_23 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_189 = rand_strided((768, 768), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    permute_195 = rand_strided((2304, 768), (1, 2304), device='cuda:0', dtype=torch.bfloat16)
    permute_196 = rand_strided((768, 2048), (1, 768), device='cuda:0', dtype=torch.bfloat16)
    div_24 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    tangents_1 = rand_strided((4, 512, 50257), (25731584, 50257, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_2 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_3 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_4 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_5 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_6 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_7 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_8 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_9 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_10 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_11 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_12 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_13 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_14 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_15 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_16 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_17 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_18 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_19 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_20 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_21 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_22 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_23 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_24 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_25 = rand_strided((4, 12, 512, 64), (393216, 32768, 64, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_26 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_4, primals_10, primals_16, primals_22, primals_28, primals_34, primals_40, primals_46, primals_52, primals_58, primals_64, primals_70, primals_76, primals_82, primals_88, primals_94, primals_100, primals_106, primals_112, primals_118, primals_124, primals_130, primals_136, primals_142, primals_148, unsqueeze, gt, mul_2, permute_2, clone, clone_1, where, getitem_5, getitem_6, getitem_11, getitem_12, gt_1, mul_6, addmm_2, gt_2, mul_14, permute_6, clone_2, clone_3, getitem_21, getitem_22, getitem_27, getitem_28, gt_3, mul_18, addmm_6, gt_4, mul_26, permute_10, clone_4, clone_5, getitem_37, getitem_38, getitem_43, getitem_44, gt_5, mul_30, addmm_10, gt_6, mul_38, permute_14, clone_6, clone_7, getitem_53, getitem_54, getitem_59, getitem_60, gt_7, mul_42, addmm_14, gt_8, mul_50, permute_18, clone_8, clone_9, getitem_69, getitem_70, getitem_75, getitem_76, gt_9, mul_54, addmm_18, gt_10, mul_62, permute_22, clone_10, clone_11, getitem_85, getitem_86, getitem_91, getitem_92, gt_11, mul_66, addmm_22, gt_12, mul_74, permute_26, clone_12, clone_13, getitem_101, getitem_102, getitem_107, getitem_108, gt_13, mul_78, addmm_26, gt_14, mul_86, permute_30, clone_14, clone_15, getitem_117, getitem_118, getitem_123, getitem_124, gt_15, mul_90, addmm_30, gt_16, mul_98, permute_34, clone_16, clone_17, getitem_133, getitem_134, getitem_139, getitem_140, gt_17, mul_102, addmm_34, gt_18, mul_110, permute_38, clone_18, clone_19, getitem_149, getitem_150, getitem_155, getitem_156, gt_19, mul_114, addmm_38, gt_20, mul_122, permute_42, clone_20, clone_21, getitem_165, getitem_166, getitem_171, getitem_172, gt_21, mul_126, addmm_42, gt_22, mul_134, permute_46, clone_22, clone_23, getitem_181, getitem_182, getitem_187, getitem_188, gt_23, mul_138, addmm_46, gt_24, mul_146, view_146, permute_51, div, permute_53, permute_54, permute_55, permute_56, div_1, permute_57, permute_63, permute_64, div_2, permute_65, permute_66, permute_67, permute_68, div_3, permute_69, permute_75, permute_76, div_4, permute_77, permute_78, permute_79, permute_80, div_5, permute_81, permute_87, permute_88, div_6, permute_89, permute_90, permute_91, permute_92, div_7, permute_93, permute_99, permute_100, div_8, permute_101, permute_102, permute_103, permute_104, div_9, permute_105, permute_111, permute_112, div_10, permute_113, permute_114, permute_115, permute_116, div_11, permute_117, permute_123, permute_124, div_12, permute_125, permute_126, permute_127, permute_128, div_13, permute_129, permute_135, permute_136, div_14, permute_137, permute_138, permute_139, permute_140, div_15, permute_141, permute_147, permute_148, div_16, permute_149, permute_150, permute_151, permute_152, div_17, permute_153, permute_159, permute_160, div_18, permute_161, permute_162, permute_163, permute_164, div_19, permute_165, permute_171, permute_172, div_20, permute_173, permute_174, permute_175, permute_176, div_21, permute_177, permute_183, permute_184, div_22, permute_185, permute_186, permute_187, permute_188, div_23, permute_189, permute_195, permute_196, div_24, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10, tangents_11, tangents_12, tangents_13, tangents_14, tangents_15, tangents_16, tangents_17, tangents_18, tangents_19, tangents_20, tangents_21, tangents_22, tangents_23, tangents_24, tangents_25, tangents_26]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
