# AOT ID: ['1_backward']
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
#   %permute_3 : Tensor "bf16[50257, 768][768, 1]cuda:0" = PlaceHolder[target=permute_3]
#   %constant_pad_nd_default_1 : Tensor "bf16[50264, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_3, [0, 0, 0, 7]), kwargs = {})
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


# kernel path: /tmp/torchinductor_root/4x/c4xfmfgtriw2yymhy2e5floytsk6rdhxxyiqls7w6eczolkqh2ej.py
# Topologically Sorted Source Nodes: [div_1, flatten_1, unsqueeze_1, ne_3, cross_entropy, where_2, where_3, mul_2, logits, float_1, exp_1, sum_4, mul_3, sub_3, convert_element_type_6], Original ATen: [aten.nll_loss_backward, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten.mm, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data]
# Source node to ATen node mapping:
#   convert_element_type_6 => convert_element_type_6
#   cross_entropy => full_default, full_default_1, sub_1, sub_2
#   div_1 => div_1
#   exp_1 => exp_1
#   flatten_1 => view_3
#   float_1 => convert_element_type_4
#   logits => slice_tensor_1
#   mul_2 => mul_2
#   mul_3 => mul_3
#   ne_3 => ne_3
#   sub_3 => sub_3
#   sum_4 => sum_4
#   unsqueeze_1 => unsqueeze_1
#   where_2 => where_2
#   where_3 => where_3
# Graph fragment:
#   %primals_5 : Tensor "i64[4, 512][512, 1]cuda:0" = PlaceHolder[target=primals_5]
#   %tangents_1 : Tensor "f32[][]cuda:0" = PlaceHolder[target=tangents_1]
#   %convert_element_type_5 : Tensor "f32[][]cuda:0" = PlaceHolder[target=convert_element_type_5]
#   %mm_default_2 : Tensor "bf16[2048, 50264][50304, 1]cuda:0" = PlaceHolder[target=mm_default_2]
#   %amax : Tensor "f32[2048, 1][1, 1]cuda:0" = PlaceHolder[target=amax]
#   %log : Tensor "f32[2048, 1][1, 1]cuda:0" = PlaceHolder[target=log]
#   %sum_4 : Tensor "f32[2048, 1][1, 2048]cuda:0" = PlaceHolder[target=sum_4]
#   %div_1 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%tangents_1, %convert_element_type_5), kwargs = {})
#   %view_3 : Tensor "i64[2048][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_5, [2048]), kwargs = {})
#   %unsqueeze_1 : Tensor "i64[2048, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%view_3, 1), kwargs = {})
#   %ne_3 : Tensor "b8[2048, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.ne.Scalar](args = (%unsqueeze_1, -100), kwargs = {})
#   %full_default : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0), kwargs = {dtype: torch.int64, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_2 : Tensor "i64[2048, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %unsqueeze_1, %full_default), kwargs = {})
#   %iota_default : Tensor "i64[50257][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (50257,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %view_default : Tensor "i64[1, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%iota_default, [1, 50257]), kwargs = {})
#   %expand_default : Tensor "i64[2048, 50257][1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%where_2, [2048, 50257]), kwargs = {})
#   %eq_tensor : Tensor "b8[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Tensor](args = (%expand_default, %view_default), kwargs = {})
#   %scalar_tensor_default : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %scalar_tensor_default_1 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (-1.0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %where_self : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%eq_tensor, %scalar_tensor_default_1, %scalar_tensor_default), kwargs = {})
#   %full_default_1 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_3 : Tensor "f32[2048, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %div_1, %full_default_1), kwargs = {})
#   %mul_2 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%where_self, %where_3), kwargs = {})
#   %slice_tensor_1 : Tensor "bf16[2048, 50257][50304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%mm_default_2, 1, 0, -7), kwargs = {})
#   %convert_element_type_4 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%slice_tensor_1, torch.float32), kwargs = {})
#   %sub_1 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%convert_element_type_4, %amax), kwargs = {})
#   %sub_2 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_1, %log), kwargs = {})
#   %exp_1 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%sub_2,), kwargs = {})
#   %sum_4 : Tensor "f32[2048, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_2, [1], True), kwargs = {})
#   %mul_3 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_1, %sum_4), kwargs = {})
#   %sub_3 : Tensor "f32[2048, 50257][50257, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_2, %mul_3), kwargs = {})
#   %convert_element_type_6 : Tensor "bf16[2048, 50257][50257, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sub_3, torch.bfloat16), kwargs = {})
#   return %sum_4,%convert_element_type_6
triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_arange_eq_expand_mm_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_1 = async_compile.triton('triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_arange_eq_expand_mm_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 2048, 'r0_': 65536},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_arange_eq_expand_mm_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 617558016}}
)
@triton.jit
def triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_arange_eq_expand_mm_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_1(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 2048
    r0_numel = 50257
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
    tmp10 = tl.load(in_ptr1 + (0))
    tmp11 = tl.broadcast_to(tmp10, [1, 1])
    tmp12 = tl.load(in_ptr2 + (0))
    tmp13 = tl.broadcast_to(tmp12, [1, 1])
    _tmp18 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp1 = tl.full([1, 1], -100, tl.int64)
        tmp2 = tmp0 != tmp1
        tmp3 = tl.full([1, 1], 0, tl.int64)
        tmp4 = tl.where(tmp2, tmp0, tmp3)
        tmp5 = r0_1
        tmp6 = tmp4 == tmp5
        tmp7 = tl.full([1, 1], -1.0, tl.float32)
        tmp8 = tl.full([1, 1], 0.0, tl.float32)
        tmp9 = tl.where(tmp6, tmp7, tmp8)
        tmp14 = (tmp11 / tmp13)
        tmp15 = tl.where(tmp2, tmp14, tmp8)
        tmp16 = tmp9 * tmp15
        tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
        tmp19 = _tmp18 + tmp17
        _tmp18 = tl.where(r0_mask & xmask, tmp19, _tmp18)
    tmp18 = tl.sum(_tmp18, 1)[:, None]
    tmp29 = tl.load(in_ptr1 + (0))
    tmp30 = tl.broadcast_to(tmp29, [1, 1])
    tmp31 = tl.load(in_ptr2 + (0))
    tmp32 = tl.broadcast_to(tmp31, [1, 1])
    tmp38 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp40 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp36 = tl.load(in_out_ptr0 + (r0_1 + 50304*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp20 = tl.full([1, 1], -100, tl.int64)
        tmp21 = tmp0 != tmp20
        tmp22 = tl.full([1, 1], 0, tl.int64)
        tmp23 = tl.where(tmp21, tmp0, tmp22)
        tmp24 = r0_1
        tmp25 = tmp23 == tmp24
        tmp26 = tl.full([1, 1], -1.0, tl.float32)
        tmp27 = tl.full([1, 1], 0.0, tl.float32)
        tmp28 = tl.where(tmp25, tmp26, tmp27)
        tmp33 = (tmp30 / tmp32)
        tmp34 = tl.where(tmp21, tmp33, tmp27)
        tmp35 = tmp28 * tmp34
        tmp37 = tmp36.to(tl.float32)
        tmp39 = tmp37 - tmp38
        tmp41 = tmp39 - tmp40
        tmp42 = libdevice.exp(tmp41)
        tmp43 = tmp42 * tmp18
        tmp44 = tmp35 - tmp43
        tmp45 = tmp44.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_1 + 50304*x0), tmp45, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/om/comjwoywqio3jcmji4bbape37eoskhfw4yufkz57fl25ljlpfcs7.py
# Topologically Sorted Source Nodes: [permute_1, constant_pad_nd_default_2], Original ATen: [aten.t, aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default_2 => constant_pad_nd_default_2
#   permute_1 => permute_1
# Graph fragment:
#   %convert_element_type_6 : Tensor "bf16[2048, 50257][50304, 1]cuda:0" = PlaceHolder[target=convert_element_type_6]
#   %permute_1 : Tensor "bf16[50257, 2048][1, 50257]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_6, [1, 0]), kwargs = {})
#   %constant_pad_nd_default_2 : Tensor "bf16[50264, 2048][2048, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_1, [0, 0, 0, 7]), kwargs = {})
#   return %constant_pad_nd_default_2
triton_poi_fused_mm_t_2 = async_compile.triton('triton_poi_fused_mm_t_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 134217728}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_t_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 617615360}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_t_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 102940672
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 50264)
    x1 = xindex // 50264
    tmp0 = x0
    tmp1 = tl.full([1], 50257, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x0 + 50304*x1), tmp2, other=0.0).to(tl.float32)
    tl.store(out_ptr0 + (x0 + 50304*x1), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/bw/cbw5bepztzpprgepjzc2bxakkrc5ozzhv2jbbswhnfh3k26qy2tn.py
# Topologically Sorted Source Nodes: [constant_pad_nd_default], Original ATen: [aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default => constant_pad_nd_default
# Graph fragment:
#   %convert_element_type_6 : Tensor "bf16[2048, 50257][50304, 1]cuda:0" = PlaceHolder[target=convert_element_type_6]
#   %constant_pad_nd_default_2 : Tensor "bf16[50264, 2048][1, 50304]cuda:0" = PlaceHolder[target=constant_pad_nd_default_2]
#   %constant_pad_nd_default : Tensor "bf16[2048, 50264][50264, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convert_element_type_6, [0, 7, 0, 0]), kwargs = {})
#   return %buf4
triton_poi_fused_mm_3 = async_compile.triton('triton_poi_fused_mm_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16384}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_3', 'mutated_arg_names': ['out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 57344}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_3(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 14336
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 7)
    x1 = xindex // 7
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (50257 + x0 + 50304*x1), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/fe/cfemnrezxdayuizfzamcnklw7ot36gxrvu42pcehgnjcbwisslwu.py
# Topologically Sorted Source Nodes: [view_6, convert_element_type_11, layer_norm, mul_10, sum_7, sum_8], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_11 => convert_element_type_11
#   layer_norm => mul, sub
#   mul_10 => mul_10
#   sum_7 => sum_7
#   sum_8 => sum_8
#   view_6 => view_6
# Graph fragment:
#   %mm_default : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %primals_3 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=primals_3]
#   %getitem_1 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %view_6 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_6, torch.float32), kwargs = {})
#   %sub : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%primals_3, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_10 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_11, %mul), kwargs = {})
#   %sum_7 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_10, [0, 1]), kwargs = {})
#   %sum_8 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%convert_element_type_11, [0, 1]), kwargs = {})
#   return %buf11,%buf13
triton_red_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_4 = async_compile.triton('triton_red_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_4', '''
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
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9633792, 'r0_': 16384}}
)
@triton.jit
def triton_red_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_4(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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
    _tmp9 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp12 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp3 = tl.load(in_ptr2 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp5 = tl.load(in_ptr3 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp4 = tmp2 - tmp3
        tmp6 = tmp4 * tmp5
        tmp7 = tmp1 * tmp6
        tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
        tmp10 = _tmp9 + tmp8
        _tmp9 = tl.where(r0_mask, tmp10, _tmp9)
        tmp11 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp13 = _tmp12 + tmp11
        _tmp12 = tl.where(r0_mask, tmp13, _tmp12)
    tmp9 = tl.sum(_tmp9, 1)[:, None]
    tmp12 = tl.sum(_tmp12, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp9, None)
    tl.store(out_ptr1 + (x3), tmp12, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/yo/cyotxkamz6plqrxt5mw7a6plhtl53cyen7hhbm5hnxpm5vnjsv4y.py
# Topologically Sorted Source Nodes: [view_6, convert_element_type_11, layer_norm, mul_10, sum_7], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_11 => convert_element_type_11
#   layer_norm => mul, sub
#   mul_10 => mul_10
#   sum_7 => sum_7
#   view_6 => view_6
# Graph fragment:
#   %buf11 : Tensor "f32[768, 16][1, 768]cuda:0" = PlaceHolder[target=buf11]
#   %view_6 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_6, torch.float32), kwargs = {})
#   %sub : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%primals_3, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_10 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_11, %mul), kwargs = {})
#   %sum_7 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_10, [0, 1]), kwargs = {})
#   return %sum_7
triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5 = async_compile.triton('triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 55296, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/kw/ckwtatosns5jwqxgvev3uzchuobhcwio5xgh4mkmdbtrz4qd3nbg.py
# Topologically Sorted Source Nodes: [view_6, convert_element_type_11, mul_5, mul_6, sum_5, layer_norm, mul_7, sum_6, mul_8, sub_5, sub_6, div_2, mul_9], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.native_layer_norm]
# Source node to ATen node mapping:
#   convert_element_type_11 => convert_element_type_11
#   div_2 => div_2
#   layer_norm => mul, sub
#   mul_5 => mul_5
#   mul_6 => mul_6
#   mul_7 => mul_7
#   mul_8 => mul_8
#   mul_9 => mul_9
#   sub_5 => sub_5
#   sub_6 => sub_6
#   sum_5 => sum_5
#   sum_6 => sum_6
#   view_6 => view_6
# Graph fragment:
#   %mm_default : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %primals_1 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_1]
#   %primals_3 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=primals_3]
#   %getitem_1 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %sum_5 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_5]
#   %sum_6 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=sum_6]
#   %view_6 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [4, 512, 768]), kwargs = {})
#   %convert_element_type_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_6, torch.float32), kwargs = {})
#   %mul_5 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_11, %primals_1), kwargs = {})
#   %mul_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_5, 768), kwargs = {})
#   %sum_5 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_5, [2], True), kwargs = {})
#   %sub : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%primals_3, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_7 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_5, %mul), kwargs = {})
#   %sum_6 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_7, [2], True), kwargs = {})
#   %mul_8 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %sum_6), kwargs = {})
#   %sub_5 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_6, %sum_5), kwargs = {})
#   %sub_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_5, %mul_8), kwargs = {})
#   %div_2 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 768), kwargs = {})
#   %mul_9 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_2, %sub_6), kwargs = {})
#   return %sum_5,%sum_6,%mul_9
triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_6 = async_compile.triton('triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_6', '''
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
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 22023168}}
)
@triton.jit
def triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_6(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp9 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp11 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(r0_mask & xmask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp10 = tmp8 - tmp9
    tmp12 = tmp10 * tmp11
    tmp13 = tmp3 * tmp12
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.where(r0_mask & xmask, tmp14, 0)
    tmp17 = tl.sum(tmp16, 1)[:, None].to(tl.float32)
    tmp18 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp19 = tmp11 * tmp18
    tmp20 = tl.full([1, 1], 768.0, tl.float32)
    tmp21 = tmp3 * tmp20
    tmp22 = tmp21 - tmp7
    tmp23 = tmp12 * tmp17
    tmp24 = tmp22 - tmp23
    tmp25 = tmp19 * tmp24
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp25, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/cm/ccmzljalpmdwfxhdtw53n7j5j22hc7pkgzje3lm5czd4dir4bxcn.py
# Topologically Sorted Source Nodes: [slice_tensor, convert_element_type_12], Original ATen: [aten.mm, aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_12 => convert_element_type_12
#   slice_tensor => slice_tensor
# Graph fragment:
#   %mm_default_1 : Tensor "bf16[50264, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %slice_tensor : Tensor "bf16[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%mm_default_1, 0, 0, -7), kwargs = {})
#   %convert_element_type_12 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%slice_tensor, torch.float32), kwargs = {})
#   return %convert_element_type_12
triton_poi_fused__to_copy_mm_7 = async_compile.triton('triton_poi_fused__to_copy_mm_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_mm_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 385973760}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_mm_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38597376
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
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
        primals_1, primals_3, primals_5, getitem_1, rsqrt, view, mm_default_2, amax, log, convert_element_type_5, permute_3, tangents_1 = args
        args.clear()
        assert_size_stride(primals_1, (768, ), (1, ))
        assert_size_stride(primals_3, (4, 512, 768), (393216, 768, 1))
        assert_size_stride(primals_5, (4, 512), (512, 1))
        assert_size_stride(getitem_1, (4, 512, 1), (512, 1, 1))
        assert_size_stride(rsqrt, (4, 512, 1), (512, 1, 1))
        assert_size_stride(view, (2048, 768), (768, 1))
        assert_size_stride(mm_default_2, (2048, 50264), (50304, 1))
        assert_size_stride(amax, (2048, 1), (1, 1))
        assert_size_stride(log, (2048, 1), (1, 1))
        assert_size_stride(convert_element_type_5, (), ())
        assert_size_stride(permute_3, (50257, 768), (768, 1))
        assert_size_stride(tangents_1, (), ())
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf5 = empty_strided_cuda((50264, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [constant_pad_nd_default_1], Original ATen: [aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_0.run(permute_3, buf5, 38602752, stream=stream0)
            del permute_3
            buf1 = reinterpret_tensor(mm_default_2, (2048, 50257), (50304, 1), 0); del mm_default_2  # reuse
            # Topologically Sorted Source Nodes: [div_1, flatten_1, unsqueeze_1, ne_3, cross_entropy, where_2, where_3, mul_2, logits, float_1, exp_1, sum_4, mul_3, sub_3, convert_element_type_6], Original ATen: [aten.nll_loss_backward, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten.mm, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_arange_eq_expand_mm_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_1.run(buf1, primals_5, tangents_1, convert_element_type_5, amax, log, 2048, 50257, stream=stream0)
            del amax
            del convert_element_type_5
            del log
            del primals_5
            del tangents_1
            buf2 = empty_strided_cuda((50264, 2048), (1, 50304), torch.bfloat16)
            # Topologically Sorted Source Nodes: [permute_1, constant_pad_nd_default_2], Original ATen: [aten.t, aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_t_2.run(buf1, buf2, 102940672, stream=stream0)
            # Topologically Sorted Source Nodes: [constant_pad_nd_default], Original ATen: [aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_3.run(buf1, 14336, stream=stream0)
            buf6 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [constant_pad_nd_default, constant_pad_nd_default_1, mm_default], Original ATen: [aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf1, (2048, 50264), (50304, 1), 0), buf5, out=buf6)
            del buf1
            buf3 = buf5; del buf5  # reuse
            # Topologically Sorted Source Nodes: [permute_1, constant_pad_nd_default_2, mm_default_1], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(buf2, view, out=buf3)
            del buf2
            del view
            buf11 = empty_strided_cuda((768, 16), (1, 768), torch.float32)
            buf13 = empty_strided_cuda((768, 16), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, convert_element_type_11, layer_norm, mul_10, sum_7, sum_8], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_4.run(buf6, primals_3, getitem_1, rsqrt, buf11, buf13, 12288, 128, stream=stream0)
            buf12 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, convert_element_type_11, layer_norm, mul_10, sum_7], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5.run(buf11, buf12, 768, 16, stream=stream0)
            del buf11
            buf14 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, convert_element_type_11, sum_8], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_5.run(buf13, buf14, 768, 16, stream=stream0)
            del buf13
            buf10 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, convert_element_type_11, mul_5, mul_6, sum_5, layer_norm, mul_7, sum_6, mul_8, sub_5, sub_6, div_2, mul_9], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.native_layer_norm]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_native_layer_norm_native_layer_norm_backward_view_6.run(buf6, primals_1, primals_3, getitem_1, rsqrt, buf10, 2048, 768, stream=stream0)
            del buf6
            del getitem_1
            del primals_1
            del primals_3
            del rsqrt
            buf7 = empty_strided_cuda((50257, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_tensor, convert_element_type_12], Original ATen: [aten.mm, aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_mm_7.run(buf3, buf7, 38597376, stream=stream0)
            del buf3
        return (buf12, buf14, buf10, buf7, None, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((4, 512, 768), (393216, 768, 1), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((4, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    getitem_1 = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((4, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view = rand_strided((2048, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_default_2 = rand_strided((2048, 50264), (50304, 1), device='cuda:0', dtype=torch.bfloat16)
    amax = rand_strided((2048, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    log = rand_strided((2048, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    convert_element_type_5 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    permute_3 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_3, primals_5, getitem_1, rsqrt, view, mm_default_2, amax, log, convert_element_type_5, permute_3, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
