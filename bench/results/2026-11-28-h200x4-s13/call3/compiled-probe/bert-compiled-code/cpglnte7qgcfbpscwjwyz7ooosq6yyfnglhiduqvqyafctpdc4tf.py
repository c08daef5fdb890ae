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


# kernel path: /tmp/torchinductor_root/5d/c5dpd7kmqugnibanpdlmy67x5ygmha3bmv2roo24k2d3tpscu545.py
# Topologically Sorted Source Nodes: [full_default_44], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_44 => full_default_44
# Graph fragment:
#   %full_default_44 : Tensor "f32[2, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([2, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_1
triton_poi_fused_embedding_dense_backward_0 = async_compile.triton('triton_poi_fused_embedding_dense_backward_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12288}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_0(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1536
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ha/chaadw27etikwaulzcr5hcbffaqz4wpl5zvwdmrsh75wkrs6ayyh.py
# Topologically Sorted Source Nodes: [constant_pad_nd_default_1], Original ATen: [aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default_1 => constant_pad_nd_default_1
# Graph fragment:
#   %permute_134 : Tensor "bf16[30522, 768][768, 1]cuda:0" = PlaceHolder[target=permute_134]
#   %constant_pad_nd_default_1 : Tensor "bf16[30528, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_134, [0, 0, 0, 6]), kwargs = {})
#   return %constant_pad_nd_default_1
triton_poi_fused_mm_1 = async_compile.triton('triton_poi_fused_mm_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 33554432}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 140663808}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 23445504
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x1 = xindex // 768
    x2 = xindex
    tmp0 = x1
    tmp1 = tl.full([1], 30522, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x2), tmp2, other=0.0).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/gp/cgpf37wthnkjx3bqlg73oa5vu4adjv6mqmxxbjz5zmqafvhpidyi.py
# Topologically Sorted Source Nodes: [div_13, view_37, unsqueeze_4, ne_3, masked_lm_loss, where_26, where_27, mul_189, view_36, exp_13, sum_16, mul_190, sub_40, convert_element_type_514, view_270, add_105], Original ATen: [aten.nll_loss_backward, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._log_softmax, aten._to_copy, aten._log_softmax_backward_data, aten.add]
# Source node to ATen node mapping:
#   add_105 => add_105
#   convert_element_type_514 => convert_element_type_514
#   div_13 => div_13
#   exp_13 => exp_13
#   masked_lm_loss => convert_element_type_507, convert_element_type_508, convert_element_type_509, full_default_36, full_default_37, sub_38, sub_39
#   mul_189 => mul_189
#   mul_190 => mul_190
#   ne_3 => ne_3
#   sub_40 => sub_40
#   sum_16 => sum_16
#   unsqueeze_4 => unsqueeze_4
#   view_270 => view_270
#   view_36 => view_268
#   view_37 => view_269
#   where_26 => where_26
#   where_27 => where_27
# Graph fragment:
#   %primals_1 : Tensor "i64[16, 256][256, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %tangents_1 : Tensor "f32[][]cuda:0" = PlaceHolder[target=tangents_1]
#   %convert_element_type_510 : Tensor "f32[][]cuda:0" = PlaceHolder[target=convert_element_type_510]
#   %tangents_2 : Tensor "bf16[16, 256, 30522][7813632, 30522, 1]cuda:0" = PlaceHolder[target=tangents_2]
#   %view_267 : Tensor "bf16[16, 256, 30522][7815168, 30528, 1]cuda:0" = PlaceHolder[target=view_267]
#   %amax_12 : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=amax_12]
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=log]
#   %sum_16 : Tensor "f32[4096, 1][1, 4096]cuda:0" = PlaceHolder[target=sum_16]
#   %div_13 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%tangents_1, %convert_element_type_510), kwargs = {})
#   %view_269 : Tensor "i64[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_1, [-1]), kwargs = {})
#   %unsqueeze_4 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%view_269, 1), kwargs = {})
#   %ne_3 : Tensor "b8[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.ne.Scalar](args = (%unsqueeze_4, -100), kwargs = {})
#   %full_default_36 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0), kwargs = {dtype: torch.int64, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_26 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %unsqueeze_4, %full_default_36), kwargs = {})
#   %iota_default : Tensor "i64[30522][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (30522,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %view_default : Tensor "i64[1, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%iota_default, [1, 30522]), kwargs = {})
#   %expand_default : Tensor "i64[4096, 30522][1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%where_26, [4096, 30522]), kwargs = {})
#   %eq_tensor : Tensor "b8[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Tensor](args = (%expand_default, %view_default), kwargs = {})
#   %scalar_tensor_default : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %scalar_tensor_default_1 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (-1.0,), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0})
#   %where_self : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%eq_tensor, %scalar_tensor_default_1, %scalar_tensor_default), kwargs = {})
#   %full_default_37 : Tensor "f32[][]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_27 : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne_3, %div_13, %full_default_37), kwargs = {})
#   %mul_189 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%where_self, %where_27), kwargs = {})
#   %view_268 : Tensor "bf16[4096, 30522][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_267, [-1, 30522]), kwargs = {})
#   %convert_element_type_507 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_268, torch.float32), kwargs = {})
#   %sub_38 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%convert_element_type_507, %amax_12), kwargs = {})
#   %sub_39 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_38, %log), kwargs = {})
#   %convert_element_type_508 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sub_39, torch.bfloat16), kwargs = {})
#   %convert_element_type_509 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%convert_element_type_508, torch.float32), kwargs = {})
#   %exp_13 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%convert_element_type_509,), kwargs = {})
#   %sum_16 : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_189, [1], True), kwargs = {})
#   %mul_190 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_13, %sum_16), kwargs = {})
#   %sub_40 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_189, %mul_190), kwargs = {})
#   %convert_element_type_514 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sub_40, torch.bfloat16), kwargs = {})
#   %view_270 : Tensor "bf16[16, 256, 30522][7813632, 30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_514, [16, 256, 30522]), kwargs = {})
#   %add_105 : Tensor "bf16[16, 256, 30522][7813632, 30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_2, %view_270), kwargs = {})
#   return %sum_16,%add_105
triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_2 = async_compile.triton('triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 32768},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 9, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 1000144896}}
)
@triton.jit
def triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_2(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 30522
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last')
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
        _tmp18 = tl.where(r0_mask, tmp19, _tmp18)
    tmp18 = tl.sum(_tmp18, 1)[:, None]
    tmp30 = tl.load(in_ptr1 + (0))
    tmp31 = tl.broadcast_to(tmp30, [1, 1])
    tmp32 = tl.load(in_ptr2 + (0))
    tmp33 = tl.broadcast_to(tmp32, [1, 1])
    tmp39 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp41 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last')
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp20 = tl.load(in_ptr3 + (r0_1 + 30522*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp37 = tl.load(in_ptr4 + (r0_1 + 30528*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp21 = tl.full([1, 1], -100, tl.int64)
        tmp22 = tmp0 != tmp21
        tmp23 = tl.full([1, 1], 0, tl.int64)
        tmp24 = tl.where(tmp22, tmp0, tmp23)
        tmp25 = r0_1
        tmp26 = tmp24 == tmp25
        tmp27 = tl.full([1, 1], -1.0, tl.float32)
        tmp28 = tl.full([1, 1], 0.0, tl.float32)
        tmp29 = tl.where(tmp26, tmp27, tmp28)
        tmp34 = (tmp31 / tmp33)
        tmp35 = tl.where(tmp22, tmp34, tmp28)
        tmp36 = tmp29 * tmp35
        tmp38 = tmp37.to(tl.float32)
        tmp40 = tmp38 - tmp39
        tmp42 = tmp40 - tmp41
        tmp43 = tmp42.to(tl.float32)
        tmp44 = tmp43.to(tl.float32)
        tmp45 = libdevice.exp(tmp44)
        tmp46 = tmp45 * tmp18
        tmp47 = tmp36 - tmp46
        tmp48 = tmp47.to(tl.float32)
        tmp49 = tmp20 + tmp48
        tl.store(out_ptr1 + (r0_1 + 30528*x0), tmp49, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/tu/ctudotjdszg3bmpufm6whodll6374yr4eaa35k5cxamh5xb6xkqi.py
# Topologically Sorted Source Nodes: [view_271, constant_pad_nd_default], Original ATen: [aten.view, aten.mm]
# Source node to ATen node mapping:
#   constant_pad_nd_default => constant_pad_nd_default
#   view_271 => view_271
# Graph fragment:
#   %add_105 : Tensor "bf16[16, 256, 30522][7815168, 30528, 1]cuda:0" = PlaceHolder[target=add_105]
#   %view_271 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_105, [4096, 30522]), kwargs = {})
#   %constant_pad_nd_default : Tensor "bf16[4096, 30528][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%view_271, [0, 6, 0, 0]), kwargs = {})
#   return %constant_pad_nd_default
triton_poi_fused_mm_view_3 = async_compile.triton('triton_poi_fused_mm_view_3', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 750206976}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_view_3(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 125042688
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 30528)
    x2 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 30522, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x2), tmp2, other=0.0).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp3, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/p5/cp5mljzdfynfwsmu7e47hpudfwjebqumzpm6rccxjw3qv2q5ekzb.py
# Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20, sum_21], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_520 => convert_element_type_520
#   hidden_states_96 => view_265
#   hidden_states_97 => add_102, convert_element_type_498, erf_12, mul_184, mul_185, mul_186
#   hidden_states_98 => mul_187, sub_37
#   mul_197 => mul_197
#   sum_20 => sum_20
#   sum_21 => sum_21
#   view_273 => view_273
# Graph fragment:
#   %mm_default : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %addmm_72 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_72]
#   %getitem_51 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=getitem_51]
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_25]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [16, 256, 768]), kwargs = {})
#   %convert_element_type_520 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_273, torch.float32), kwargs = {})
#   %view_265 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_72, [16, 256, 768]), kwargs = {})
#   %convert_element_type_498 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_265, torch.float32), kwargs = {})
#   %mul_184 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.5), kwargs = {})
#   %mul_185 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.7071067811865476), kwargs = {})
#   %erf_12 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_185,), kwargs = {})
#   %add_102 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_12, 1), kwargs = {})
#   %mul_186 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_184, %add_102), kwargs = {})
#   %sub_37 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_186, %getitem_51), kwargs = {})
#   %mul_187 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_37, %rsqrt_25), kwargs = {})
#   %mul_197 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_520, %mul_187), kwargs = {})
#   %sum_20 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_197, [0, 1]), kwargs = {})
#   %sum_21 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%convert_element_type_520, [0, 1]), kwargs = {})
#   return %buf9,%buf11
triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4 = async_compile.triton('triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12976128, 'r0_': 32768}}
)
@triton.jit
def triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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
    _tmp18 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp21 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp12 = tl.load(in_ptr2 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp14 = tl.load(in_ptr3 + (r0_2 + 128*x1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tl.full([1, 1], 0.5, tl.float32)
        tmp5 = tmp3 * tmp4
        tmp6 = tl.full([1, 1], 0.7071067811865476, tl.float32)
        tmp7 = tmp3 * tmp6
        tmp8 = libdevice.erf(tmp7)
        tmp9 = tl.full([1, 1], 1.0, tl.float32)
        tmp10 = tmp8 + tmp9
        tmp11 = tmp5 * tmp10
        tmp13 = tmp11 - tmp12
        tmp15 = tmp13 * tmp14
        tmp16 = tmp1 * tmp15
        tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
        tmp19 = _tmp18 + tmp17
        _tmp18 = tl.where(r0_mask, tmp19, _tmp18)
        tmp20 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp22 = _tmp21 + tmp20
        _tmp21 = tl.where(r0_mask, tmp22, _tmp21)
    tmp18 = tl.sum(_tmp18, 1)[:, None]
    tmp21 = tl.sum(_tmp21, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp18, None)
    tl.store(out_ptr1 + (x3), tmp21, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uk/cuktbrbtlenlbv3czy6gq3oyuvcqvh2rcir5lfcrlacslbs4ncmi.py
# Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_520 => convert_element_type_520
#   hidden_states_96 => view_265
#   hidden_states_97 => add_102, convert_element_type_498, erf_12, mul_184, mul_185, mul_186
#   hidden_states_98 => mul_187, sub_37
#   mul_197 => mul_197
#   sum_20 => sum_20
#   view_273 => view_273
# Graph fragment:
#   %buf9 : Tensor "f32[768, 32][1, 768]cuda:0" = PlaceHolder[target=buf9]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [16, 256, 768]), kwargs = {})
#   %convert_element_type_520 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_273, torch.float32), kwargs = {})
#   %view_265 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_72, [16, 256, 768]), kwargs = {})
#   %convert_element_type_498 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_265, torch.float32), kwargs = {})
#   %mul_184 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.5), kwargs = {})
#   %mul_185 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.7071067811865476), kwargs = {})
#   %erf_12 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_185,), kwargs = {})
#   %add_102 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_12, 1), kwargs = {})
#   %mul_186 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_184, %add_102), kwargs = {})
#   %sub_37 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_186, %getitem_51), kwargs = {})
#   %mul_187 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_37, %rsqrt_25), kwargs = {})
#   %mul_197 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_520, %mul_187), kwargs = {})
#   %sum_20 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_197, [0, 1]), kwargs = {})
#   return %sum_20
triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5 = async_compile.triton('triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 32},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 104448, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 768
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
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


# kernel path: /tmp/torchinductor_root/qp/cqpfc52k6whkv3kgvncrhro6ge5vpo7zffuadzorg2mkwybks7j3.py
# Topologically Sorted Source Nodes: [view_273, convert_element_type_520, mul_192, mul_193, sum_18, hidden_states_96, hidden_states_97, hidden_states_98, mul_194, sum_19, mul_195, sub_42, sub_43, div_14, mul_196, mul_199, mul_200, mul_201, exp_14, mul_202, mul_203, add_107, mul_204, convert_element_type_526, view_274], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.gelu, aten.native_layer_norm, aten.gelu_backward]
# Source node to ATen node mapping:
#   add_107 => add_107
#   convert_element_type_520 => convert_element_type_520
#   convert_element_type_526 => convert_element_type_526
#   div_14 => div_14
#   exp_14 => exp_14
#   hidden_states_96 => view_265
#   hidden_states_97 => add_102, convert_element_type_498, erf_12, mul_184, mul_185, mul_186
#   hidden_states_98 => mul_187, sub_37
#   mul_192 => mul_192
#   mul_193 => mul_193
#   mul_194 => mul_194
#   mul_195 => mul_195
#   mul_196 => mul_196
#   mul_199 => mul_199
#   mul_200 => mul_200
#   mul_201 => mul_201
#   mul_202 => mul_202
#   mul_203 => mul_203
#   mul_204 => mul_204
#   sub_42 => sub_42
#   sub_43 => sub_43
#   sum_18 => sum_18
#   sum_19 => sum_19
#   view_273 => view_273
#   view_274 => view_274
# Graph fragment:
#   %mm_default : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %primals_203 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_203]
#   %addmm_72 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_72]
#   %getitem_51 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=getitem_51]
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_25]
#   %sum_18 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_18]
#   %sum_19 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_19]
#   %mul_204 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_204]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default, [16, 256, 768]), kwargs = {})
#   %convert_element_type_520 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_273, torch.float32), kwargs = {})
#   %mul_192 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_520, %primals_203), kwargs = {})
#   %mul_193 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_192, 768), kwargs = {})
#   %sum_18 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_192, [2], True), kwargs = {})
#   %view_265 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_72, [16, 256, 768]), kwargs = {})
#   %convert_element_type_498 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_265, torch.float32), kwargs = {})
#   %mul_184 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.5), kwargs = {})
#   %mul_185 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.7071067811865476), kwargs = {})
#   %erf_12 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_185,), kwargs = {})
#   %add_102 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_12, 1), kwargs = {})
#   %mul_186 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_184, %add_102), kwargs = {})
#   %sub_37 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_186, %getitem_51), kwargs = {})
#   %mul_187 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_37, %rsqrt_25), kwargs = {})
#   %mul_194 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_192, %mul_187), kwargs = {})
#   %sum_19 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_194, [2], True), kwargs = {})
#   %mul_195 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_187, %sum_19), kwargs = {})
#   %sub_42 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_193, %sum_18), kwargs = {})
#   %sub_43 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_42, %mul_195), kwargs = {})
#   %div_14 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_25, 768), kwargs = {})
#   %mul_196 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %sub_43), kwargs = {})
#   %mul_199 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_102, 0.5), kwargs = {})
#   %mul_200 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, %convert_element_type_498), kwargs = {})
#   %mul_201 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_200, -0.5), kwargs = {})
#   %exp_14 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_201,), kwargs = {})
#   %mul_202 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_14, 0.3989422804014327), kwargs = {})
#   %mul_203 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, %mul_202), kwargs = {})
#   %add_107 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_199, %mul_203), kwargs = {})
#   %mul_204 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_196, %add_107), kwargs = {})
#   %convert_element_type_526 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_204, torch.bfloat16), kwargs = {})
#   %view_274 : Tensor "bf16[4096, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_526, [4096, 768]), kwargs = {})
#   return %sum_18,%sum_19,%mul_204,%view_274
triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_6 = async_compile.triton('triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 25168896}}
)
@triton.jit
def triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_6(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last')
    tmp20 = tl.load(in_ptr4 + (x0), None, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(r0_mask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp9 = tmp8.to(tl.float32)
    tmp10 = tl.full([1, 1], 0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = tl.full([1, 1], 0.7071067811865476, tl.float32)
    tmp13 = tmp9 * tmp12
    tmp14 = libdevice.erf(tmp13)
    tmp15 = tl.full([1, 1], 1.0, tl.float32)
    tmp16 = tmp14 + tmp15
    tmp17 = tmp11 * tmp16
    tmp19 = tmp17 - tmp18
    tmp21 = tmp19 * tmp20
    tmp22 = tmp3 * tmp21
    tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp25 = tl.where(r0_mask, tmp23, 0)
    tmp26 = tl.sum(tmp25, 1)[:, None].to(tl.float32)
    tmp27 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp28 = tmp20 * tmp27
    tmp29 = tl.full([1, 1], 768.0, tl.float32)
    tmp30 = tmp3 * tmp29
    tmp31 = tmp30 - tmp7
    tmp32 = tmp21 * tmp26
    tmp33 = tmp31 - tmp32
    tmp34 = tmp28 * tmp33
    tmp35 = tmp16 * tmp10
    tmp36 = tmp9 * tmp9
    tmp37 = tl.full([1, 1], -0.5, tl.float32)
    tmp38 = tmp36 * tmp37
    tmp39 = libdevice.exp(tmp38)
    tmp40 = tl.full([1, 1], 0.3989422804014327, tl.float32)
    tmp41 = tmp39 * tmp40
    tmp42 = tmp9 * tmp41
    tmp43 = tmp35 + tmp42
    tmp44 = tmp34 * tmp43
    tmp45 = tmp44.to(tl.float32)
    tl.store(out_ptr3 + (r0_1 + 768*x0), tmp45, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/6w/c6wtats5j2laxhxyctzjqv6i5uzctdg2dnzeoobs4dzvsmx4ag4g.py
# Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
# Source node to ATen node mapping:
#   sum_22 => sum_22
# Graph fragment:
#   %view_274 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=view_274]
#   %sum_22 : Tensor "f32[1, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_274, [0], True), kwargs = {dtype: torch.float32})
#   return %buf17
triton_red_fused_sum_7 = async_compile.triton('triton_red_fused_sum_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6488064, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_7(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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


# kernel path: /tmp/torchinductor_root/os/coskw6ay26befmo3hec44uxccm5ddfknrb5yz26jtoffuk4sappz.py
# Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_211, sum_25, sum_26], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   convert_element_type_532 => convert_element_type_532
#   mul_211 => mul_211
#   sum_25 => sum_25
#   sum_26 => sum_26
#   view_276 => view_276
# Graph fragment:
#   %mm_2 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %mul_182 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_182]
#   %view_276 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [16, 256, 768]), kwargs = {})
#   %convert_element_type_532 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_276, torch.float32), kwargs = {})
#   %mul_211 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_532, %mul_182), kwargs = {})
#   %sum_25 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_211, [0, 1]), kwargs = {})
#   %sum_26 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%convert_element_type_532, [0, 1]), kwargs = {})
#   return %buf23,%buf25
triton_red_fused__to_copy_native_layer_norm_backward_view_8 = async_compile.triton('triton_red_fused__to_copy_native_layer_norm_backward_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_native_layer_norm_backward_view_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 19267584, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_native_layer_norm_backward_view_8(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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


# kernel path: /tmp/torchinductor_root/uw/cuwoq5blcnisc2i57juuzmkt7qygv3ol46b5l2tjfdeofnsoc6b6.py
# Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_206, mul_207, sum_23, mul_208, sum_24, mul_209, sub_45, sub_46, mul_210, convert_element_type_535, convert_element_type_536, mul_212, mul_213], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.native_dropout_backward]
# Source node to ATen node mapping:
#   convert_element_type_532 => convert_element_type_532
#   convert_element_type_535 => convert_element_type_535
#   convert_element_type_536 => convert_element_type_536
#   mul_206 => mul_206
#   mul_207 => mul_207
#   mul_208 => mul_208
#   mul_209 => mul_209
#   mul_210 => mul_210
#   mul_212 => mul_212
#   mul_213 => mul_213
#   sub_45 => sub_45
#   sub_46 => sub_46
#   sum_23 => sum_23
#   sum_24 => sum_24
#   view_276 => view_276
# Graph fragment:
#   %mm_2 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %primals_199 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_199]
#   %mul_182 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_182]
#   %div_15 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=div_15]
#   %sum_23 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_23]
#   %sum_24 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_24]
#   %mul_210 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_210]
#   %gt_36 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt_36]
#   %view_276 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [16, 256, 768]), kwargs = {})
#   %convert_element_type_532 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_276, torch.float32), kwargs = {})
#   %mul_206 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_532, %primals_199), kwargs = {})
#   %mul_207 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_206, 768), kwargs = {})
#   %sum_23 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_206, [2], True), kwargs = {})
#   %mul_208 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_206, %mul_182), kwargs = {})
#   %sum_24 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_208, [2], True), kwargs = {})
#   %mul_209 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_182, %sum_24), kwargs = {})
#   %sub_45 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_207, %sum_23), kwargs = {})
#   %sub_46 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_45, %mul_209), kwargs = {})
#   %mul_210 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_15, %sub_46), kwargs = {})
#   %convert_element_type_535 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_210, torch.bfloat16), kwargs = {})
#   %convert_element_type_536 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_36, torch.bfloat16), kwargs = {})
#   %mul_212 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_536, 1.1111111111111112), kwargs = {})
#   %mul_213 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_535, %mul_212), kwargs = {})
#   return %sum_23,%sum_24,%mul_210,%mul_213
triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_9 = async_compile.triton('triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*i1', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_9', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 59771904}}
)
@triton.jit
def triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_9(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp2 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp8 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp14 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
    tmp22 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(r0_mask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp9 = tmp3 * tmp8
    tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp12 = tl.where(r0_mask, tmp10, 0)
    tmp13 = tl.sum(tmp12, 1)[:, None].to(tl.float32)
    tmp15 = tl.full([1, 1], 768.0, tl.float32)
    tmp16 = tmp3 * tmp15
    tmp17 = tmp16 - tmp7
    tmp18 = tmp8 * tmp13
    tmp19 = tmp17 - tmp18
    tmp20 = tmp14 * tmp19
    tmp21 = tmp20.to(tl.float32)
    tmp23 = tmp22.to(tl.float32)
    tmp24 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp25 = tmp23 * tmp24
    tmp26 = tmp21 * tmp25
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp20, r0_mask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp26, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/dl/cdl22gc444q7fj4dyp7gqcm6xcchktz6tfw4lfzeksr4mulpejmn.py
# Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
# Source node to ATen node mapping:
#   add_109 => add_109
#   convert_element_type_544 => convert_element_type_544
#   convert_element_type_546 => convert_element_type_546
#   exp_15 => exp_15
#   hidden_states_91 => view_261
#   hidden_states_92 => add_98, convert_element_type_485, erf_11, mul_178
#   mul_215 => mul_215
#   mul_216 => mul_216
#   mul_217 => mul_217
#   mul_218 => mul_218
#   mul_219 => mul_219
#   mul_220 => mul_220
#   view_279 => view_279
# Graph fragment:
#   %mm_4 : Tensor "bf16[4096, 3072][3072, 1]cuda:0" = PlaceHolder[target=mm_4]
#   %addmm_70 : Tensor "bf16[4096, 3072][3072, 1]cuda:0" = PlaceHolder[target=addmm_70]
#   %view_279 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_4, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_544 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_279, torch.float32), kwargs = {})
#   %view_261 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_70, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_485 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_261, torch.float32), kwargs = {})
#   %mul_178 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, 0.7071067811865476), kwargs = {})
#   %erf_11 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_178,), kwargs = {})
#   %add_98 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_11, 1), kwargs = {})
#   %mul_215 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_98, 0.5), kwargs = {})
#   %mul_216 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %convert_element_type_485), kwargs = {})
#   %mul_217 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_216, -0.5), kwargs = {})
#   %exp_15 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_217,), kwargs = {})
#   %mul_218 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_15, 0.3989422804014327), kwargs = {})
#   %mul_219 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %mul_218), kwargs = {})
#   %add_109 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_215, %mul_219), kwargs = {})
#   %mul_220 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_544, %add_109), kwargs = {})
#   %convert_element_type_546 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_220, torch.bfloat16), kwargs = {})
#   return %convert_element_type_546
triton_poi_fused_gelu_gelu_backward_view_10 = async_compile.triton('triton_poi_fused_gelu_gelu_backward_view_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16777216}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_gelu_backward_view_10', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 100663296}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_gelu_backward_view_10(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 12582912
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp6 = libdevice.erf(tmp5)
    tmp7 = tl.full([1], 1.0, tl.float32)
    tmp8 = tmp6 + tmp7
    tmp9 = tl.full([1], 0.5, tl.float32)
    tmp10 = tmp8 * tmp9
    tmp11 = tmp3 * tmp3
    tmp12 = tl.full([1], -0.5, tl.float32)
    tmp13 = tmp11 * tmp12
    tmp14 = libdevice.exp(tmp13)
    tmp15 = tl.full([1], 0.3989422804014327, tl.float32)
    tmp16 = tmp14 * tmp15
    tmp17 = tmp3 * tmp16
    tmp18 = tmp10 + tmp17
    tmp19 = tmp1 * tmp18
    tmp20 = tmp19.to(tl.float32)
    tl.store(in_out_ptr0 + (x0), tmp20, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/y6/cy6uvvbq2jtq5pi5ianfs7tum6q3t6pdeefxe3ohamb2mfkw2o5o.py
# Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_227, sum_31, sum_32], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_110 => add_110
#   convert_element_type_552 => convert_element_type_552
#   mul_227 => mul_227
#   sum_31 => sum_31
#   sum_32 => sum_32
#   view_282 => view_282
# Graph fragment:
#   %mul_210 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_210]
#   %mm_6 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_6]
#   %mul_175 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_175]
#   %view_282 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_6, [16, 256, 768]), kwargs = {})
#   %convert_element_type_552 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_282, torch.float32), kwargs = {})
#   %add_110 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_210, %convert_element_type_552), kwargs = {})
#   %mul_227 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_110, %mul_175), kwargs = {})
#   %sum_31 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_227, [0, 1]), kwargs = {})
#   %sum_32 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_110, [0, 1]), kwargs = {})
#   return %buf42,%buf44
triton_red_fused__to_copy_add_native_layer_norm_backward_view_11 = async_compile.triton('triton_red_fused__to_copy_add_native_layer_norm_backward_view_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_native_layer_norm_backward_view_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 31850496, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_add_native_layer_norm_backward_view_11(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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


# kernel path: /tmp/torchinductor_root/ny/cnyto26pzlyrmas5usnxkbyntnnwvmocfxif562df5txbvd6lfyb.py
# Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_222, mul_223, sum_29, mul_224, sum_30, mul_225, sub_48, sub_49, mul_226, convert_element_type_555, convert_element_type_556, mul_228, mul_229], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
# Source node to ATen node mapping:
#   add_110 => add_110
#   convert_element_type_552 => convert_element_type_552
#   convert_element_type_555 => convert_element_type_555
#   convert_element_type_556 => convert_element_type_556
#   mul_222 => mul_222
#   mul_223 => mul_223
#   mul_224 => mul_224
#   mul_225 => mul_225
#   mul_226 => mul_226
#   mul_228 => mul_228
#   mul_229 => mul_229
#   sub_48 => sub_48
#   sub_49 => sub_49
#   sum_29 => sum_29
#   sum_30 => sum_30
#   view_282 => view_282
# Graph fragment:
#   %mul_210 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_210]
#   %mm_6 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_6]
#   %primals_193 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_193]
#   %mul_175 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_175]
#   %div_16 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=div_16]
#   %sum_29 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_29]
#   %sum_30 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_30]
#   %mul_226 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_226]
#   %gt_35 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt_35]
#   %view_282 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_6, [16, 256, 768]), kwargs = {})
#   %convert_element_type_552 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_282, torch.float32), kwargs = {})
#   %add_110 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_210, %convert_element_type_552), kwargs = {})
#   %mul_222 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_110, %primals_193), kwargs = {})
#   %mul_223 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_222, 768), kwargs = {})
#   %sum_29 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_222, [2], True), kwargs = {})
#   %mul_224 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_222, %mul_175), kwargs = {})
#   %sum_30 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_224, [2], True), kwargs = {})
#   %mul_225 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_175, %sum_30), kwargs = {})
#   %sub_48 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_223, %sum_29), kwargs = {})
#   %sub_49 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_48, %mul_225), kwargs = {})
#   %mul_226 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_16, %sub_49), kwargs = {})
#   %convert_element_type_555 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_226, torch.bfloat16), kwargs = {})
#   %convert_element_type_556 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_35, torch.bfloat16), kwargs = {})
#   %mul_228 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_556, 1.1111111111111112), kwargs = {})
#   %mul_229 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_555, %mul_228), kwargs = {})
#   return %sum_29,%sum_30,%mul_226,%mul_229
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*i1', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 72354816}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp10 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp16 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last')
    tmp24 = tl.load(in_ptr4 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp5 = tmp3 * tmp4
    tmp6 = tl.broadcast_to(tmp5, [XBLOCK, R0_BLOCK])
    tmp8 = tl.where(r0_mask, tmp6, 0)
    tmp9 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
    tmp11 = tmp5 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(r0_mask, tmp12, 0)
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
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp22, r0_mask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp28, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uu/cuudvf2tzkhqwip5vh45c3sntkzuk7a7qaa7nbqulyxyshmovjc6.py
# Topologically Sorted Source Nodes: [view_285, view_286, permute_154, convert_element_type_564, clone_50, view_287, convert_element_type_565], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   clone_50 => clone_50
#   convert_element_type_564 => convert_element_type_564
#   convert_element_type_565 => convert_element_type_565
#   permute_154 => permute_154
#   view_285 => view_285
#   view_286 => view_286
#   view_287 => view_287
# Graph fragment:
#   %mm_8 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_8]
#   %view_285 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_8, [16, 256, 768]), kwargs = {})
#   %view_286 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_285, [16, 256, 12, 64]), kwargs = {})
#   %permute_154 : Tensor "bf16[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_286, [0, 2, 1, 3]), kwargs = {})
#   %convert_element_type_564 : Tensor "f32[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_154, torch.float32), kwargs = {})
#   %clone_50 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%convert_element_type_564,), kwargs = {memory_format: torch.contiguous_format})
#   %view_287 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_50, [192, 256, 64]), kwargs = {})
#   %convert_element_type_565 : Tensor "bf16[192, 256, 64][16384, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_287, torch.bfloat16), kwargs = {})
#   return %convert_element_type_565
triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 192)
    x2 = xindex // 12288
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*((x1 % 12)) + 768*x2 + 196608*(x1 // 12)), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tl.store(out_ptr0 + (x3), tmp2, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/rb/crbdf4zy6zlfy5adcmx2x4sjzfx4n3h5vvcpayhehechp3d4s43z.py
# Topologically Sorted Source Nodes: [attn_output_33, permute_155, convert_element_type_566, convert_element_type_573, view_289, convert_element_type_575, mul_230, mul_231, mul_232, sum_34, neg_1, fma, view_290, convert_element_type_576], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
# Source node to ATen node mapping:
#   attn_output_33 => mul_171, mul_172, view_254
#   convert_element_type_566 => convert_element_type_566
#   convert_element_type_573 => convert_element_type_573
#   convert_element_type_575 => convert_element_type_575
#   convert_element_type_576 => convert_element_type_576
#   fma => fma
#   mul_230 => mul_230
#   mul_231 => mul_231
#   mul_232 => mul_232
#   neg_1 => neg_1
#   permute_155 => permute_155
#   sum_34 => sum_34
#   view_289 => view_289
#   view_290 => view_290
# Graph fragment:
#   %bmm_25 : Tensor "bf16[192, 256, 256][65536, 256, 1]cuda:0" = PlaceHolder[target=bmm_25]
#   %gt_34 : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0" = PlaceHolder[target=gt_34]
#   %where_23 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0" = PlaceHolder[target=where_23]
#   %sum_34 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=sum_34]
#   %mul_171 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_34, %where_23), kwargs = {})
#   %mul_172 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_171, 1.1111111111111112), kwargs = {})
#   %view_254 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%expand_49, [192, 256, 256]), kwargs = {})
#   %permute_155 : Tensor "f32[192, 256, 256][65536, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_254, [0, 2, 1]), kwargs = {})
#   %convert_element_type_566 : Tensor "bf16[192, 256, 256][65536, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_155, torch.bfloat16), kwargs = {})
#   %convert_element_type_573 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%bmm_25, torch.float32), kwargs = {})
#   %view_289 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_573, [16, 12, 256, 256]), kwargs = {})
#   %convert_element_type_575 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_34, torch.float32), kwargs = {})
#   %mul_230 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_575, 1.1111111111111112), kwargs = {})
#   %mul_231 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_289, %mul_230), kwargs = {})
#   %mul_232 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_231, %where_23), kwargs = {})
#   %sum_34 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_232, [-1], True), kwargs = {})
#   %neg_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%where_23,), kwargs = {})
#   %fma : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.fma.default](args = (%neg_1, %sum_34, %mul_232), kwargs = {})
#   %view_290 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%fma, [192, 256, 256]), kwargs = {})
#   %convert_element_type_576 : Tensor "bf16[192, 256, 256][65536, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_290, torch.bfloat16), kwargs = {})
#   return %sum_34,%convert_element_type_566,%convert_element_type_576
triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14 = async_compile.triton('triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 65536, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*i1', 'in_ptr1': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 188743680}}
)
@triton.jit
def triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14(in_out_ptr0, in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 49152
    r0_numel = 256
    R0_BLOCK: tl.constexpr = 256
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 256*x0), None).to(tl.float32)
    tmp2 = tl.load(in_ptr0 + (r0_1 + 256*x0), None).to(tl.int1)
    tmp7 = tl.load(in_ptr1 + (r0_1 + 256*x0), None)
    tmp1 = tmp0.to(tl.float32)
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp6 = tmp1 * tmp5
    tmp8 = tmp6 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tmp12 = tmp3 * tmp7
    tmp13 = tmp12 * tmp4
    tmp14 = tmp13.to(tl.float32)
    tmp15 = -tmp7
    tmp16 = tl.fma(tmp15, tmp11, tmp8)
    tmp17 = tmp16.to(tl.float32)
    tl.store(out_ptr1 + (r0_1 + 256*x0), tmp14, None)
    tl.store(in_out_ptr0 + (r0_1 + 256*x0), tmp17, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4j/c4jgox7j7cxzdnlzznzn3lckzdrzyq2xi335byddolktl54uy6yd.py
# Topologically Sorted Source Nodes: [convert_element_type_574, view_288, convert_element_type_586, permute_160, clone_52, view_293, view_294], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   clone_52 => clone_52
#   convert_element_type_574 => convert_element_type_574
#   convert_element_type_586 => convert_element_type_586
#   permute_160 => permute_160
#   view_288 => view_288
#   view_293 => view_293
#   view_294 => view_294
# Graph fragment:
#   %bmm_24 : Tensor "bf16[192, 256, 64][16384, 64, 1]cuda:0" = PlaceHolder[target=bmm_24]
#   %convert_element_type_574 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%bmm_24, torch.float32), kwargs = {})
#   %view_288 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_574, [16, 12, 256, 64]), kwargs = {})
#   %convert_element_type_586 : Tensor "bf16[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_288, torch.bfloat16), kwargs = {})
#   %permute_160 : Tensor "bf16[16, 256, 12, 64][196608, 64, 16384, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_586, [0, 2, 1, 3]), kwargs = {})
#   %clone_52 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_160,), kwargs = {memory_format: torch.contiguous_format})
#   %view_293 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_52, [16, 256, 768]), kwargs = {})
#   %view_294 : Tensor "bf16[4096, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%view_293, [4096, 768]), kwargs = {})
#   return %view_294
triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 768)
    x1 = xindex // 768
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (64*((x1 % 256)) + 16384*(x0 // 64) + 196608*(x1 // 256) + ((x0 % 64))), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp2, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ki/ckiovmtlbndddphjk4clmpcfd43f6brpuqx7bsfjpoliwwaqqcx3.py
# Topologically Sorted Source Nodes: [convert_element_type_585, view_291, mul_233, permute_159, convert_element_type_587, permute_165, view_297, clone_53, view_298], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   clone_53 => clone_53
#   convert_element_type_585 => convert_element_type_585
#   convert_element_type_587 => convert_element_type_587
#   mul_233 => mul_233
#   permute_159 => permute_159
#   permute_165 => permute_165
#   view_291 => view_291
#   view_297 => view_297
#   view_298 => view_298
# Graph fragment:
#   %bmm_26 : Tensor "bf16[192, 64, 256][16384, 256, 1]cuda:0" = PlaceHolder[target=bmm_26]
#   %convert_element_type_585 : Tensor "f32[192, 64, 256][16384, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%bmm_26, torch.float32), kwargs = {})
#   %view_291 : Tensor "f32[16, 12, 64, 256][196608, 16384, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_585, [16, 12, 64, 256]), kwargs = {})
#   %mul_233 : Tensor "f32[16, 12, 64, 256][196608, 16384, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%view_291, 0.3535533905932738), kwargs = {})
#   %permute_159 : Tensor "f32[16, 12, 256, 64][196608, 16384, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%mul_233, [0, 1, 3, 2]), kwargs = {})
#   %convert_element_type_587 : Tensor "bf16[16, 12, 256, 64][196608, 16384, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_159, torch.bfloat16), kwargs = {})
#   %permute_165 : Tensor "bf16[16, 256, 12, 64][196608, 1, 16384, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_587, [0, 2, 1, 3]), kwargs = {})
#   %view_297 : Tensor "bf16[16, 256, 768][196608, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_165, [16, 256, 768]), kwargs = {})
#   %clone_53 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%view_297,), kwargs = {memory_format: torch.contiguous_format})
#   %view_298 : Tensor "bf16[4096, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_53, [4096, 768]), kwargs = {})
#   return %view_298
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'y': 4096, 'x': 1024}, tile_hint=TileHint.SQUARE,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 6291456, 'x': 12582912}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    ynumel = 4096
    xnumel = 768
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x1 = xindex
    y0 = yindex
    tmp0 = tl.load(in_ptr0 + (256*x1 + 196608*(y0 // 256) + ((y0 % 256))), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1, 1], 0.3535533905932738, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tmp3.to(tl.float32)
    tl.store(out_ptr0 + (x1 + 768*y0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/wp/cwp7wo4x5vpdcugjo6u35x2vxxix3zfjiuox6gc6y3raqj4bkhgr.py
# Topologically Sorted Source Nodes: [convert_element_type_584, view_292, mul_234, convert_element_type_588, permute_170, clone_54, view_301, view_302], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   clone_54 => clone_54
#   convert_element_type_584 => convert_element_type_584
#   convert_element_type_588 => convert_element_type_588
#   mul_234 => mul_234
#   permute_170 => permute_170
#   view_292 => view_292
#   view_301 => view_301
#   view_302 => view_302
# Graph fragment:
#   %bmm_27 : Tensor "bf16[192, 256, 64][16384, 64, 1]cuda:0" = PlaceHolder[target=bmm_27]
#   %convert_element_type_584 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%bmm_27, torch.float32), kwargs = {})
#   %view_292 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_584, [16, 12, 256, 64]), kwargs = {})
#   %mul_234 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%view_292, 0.3535533905932738), kwargs = {})
#   %convert_element_type_588 : Tensor "bf16[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_234, torch.bfloat16), kwargs = {})
#   %permute_170 : Tensor "bf16[16, 256, 12, 64][196608, 64, 16384, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_588, [0, 2, 1, 3]), kwargs = {})
#   %clone_54 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_170,), kwargs = {memory_format: torch.contiguous_format})
#   %view_301 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_54, [16, 256, 768]), kwargs = {})
#   %view_302 : Tensor "bf16[4096, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%view_301, [4096, 768]), kwargs = {})
#   return %view_302
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 768)
    x1 = xindex // 768
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (64*((x1 % 256)) + 16384*(x0 // 64) + 196608*(x1 // 256) + ((x0 % 64))), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1], 0.3535533905932738, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tmp3.to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/7w/c7wteaqeywwaawit4mecbwdeceggggwmt4btz62t6cf3d4gmprgr.py
# Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_241, sum_40, sum_41], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_111 => add_111
#   add_112 => add_112
#   add_113 => add_113
#   convert_element_type_594 => convert_element_type_594
#   convert_element_type_602 => convert_element_type_602
#   convert_element_type_610 => convert_element_type_610
#   mul_241 => mul_241
#   sum_40 => sum_40
#   sum_41 => sum_41
#   view_296 => view_296
#   view_300 => view_300
#   view_304 => view_304
# Graph fragment:
#   %mul_226 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_226]
#   %mm_10 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_10]
#   %mm_12 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_12]
#   %mm_14 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_14]
#   %mul_167 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_167]
#   %view_296 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_10, [16, 256, 768]), kwargs = {})
#   %convert_element_type_594 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_296, torch.float32), kwargs = {})
#   %add_111 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_226, %convert_element_type_594), kwargs = {})
#   %view_300 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_12, [16, 256, 768]), kwargs = {})
#   %convert_element_type_602 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_300, torch.float32), kwargs = {})
#   %add_112 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_111, %convert_element_type_602), kwargs = {})
#   %view_304 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_14, [16, 256, 768]), kwargs = {})
#   %convert_element_type_610 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_304, torch.float32), kwargs = {})
#   %add_113 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_112, %convert_element_type_610), kwargs = {})
#   %mul_241 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_113, %mul_167), kwargs = {})
#   %sum_40 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_241, [0, 1]), kwargs = {})
#   %sum_41 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_113, [0, 1]), kwargs = {})
#   return %buf82,%buf84
triton_red_fused__to_copy_add_native_layer_norm_backward_view_18 = async_compile.triton('triton_red_fused__to_copy_add_native_layer_norm_backward_view_18', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_native_layer_norm_backward_view_18', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 44433408, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_add_native_layer_norm_backward_view_18(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp16 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp4 = tl.load(in_ptr2 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp7 = tl.load(in_ptr3 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp10 = tl.load(in_ptr4 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp1.to(tl.float32)
        tmp3 = tmp0 + tmp2
        tmp5 = tmp4.to(tl.float32)
        tmp6 = tmp3 + tmp5
        tmp8 = tmp7.to(tl.float32)
        tmp9 = tmp6 + tmp8
        tmp11 = tmp9 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask, tmp14, _tmp13)
        tmp15 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp17 = _tmp16 + tmp15
        _tmp16 = tl.where(r0_mask, tmp17, _tmp16)
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    tmp16 = tl.sum(_tmp16, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp13, None)
    tl.store(out_ptr1 + (x3), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ey/cey2yuefn677jlesupim2r6fwvgctd2uycjmukt6z4u4xyrcb6ur.py
# Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_236, mul_237, sum_38, mul_238, sum_39, mul_239, sub_51, sub_52, mul_240, convert_element_type_613, convert_element_type_614, mul_242, mul_243], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
# Source node to ATen node mapping:
#   add_111 => add_111
#   add_112 => add_112
#   add_113 => add_113
#   convert_element_type_594 => convert_element_type_594
#   convert_element_type_602 => convert_element_type_602
#   convert_element_type_610 => convert_element_type_610
#   convert_element_type_613 => convert_element_type_613
#   convert_element_type_614 => convert_element_type_614
#   mul_236 => mul_236
#   mul_237 => mul_237
#   mul_238 => mul_238
#   mul_239 => mul_239
#   mul_240 => mul_240
#   mul_242 => mul_242
#   mul_243 => mul_243
#   sub_51 => sub_51
#   sub_52 => sub_52
#   sum_38 => sum_38
#   sum_39 => sum_39
#   view_296 => view_296
#   view_300 => view_300
#   view_304 => view_304
# Graph fragment:
#   %mul_226 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_226]
#   %mm_10 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_10]
#   %mm_12 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_12]
#   %mm_14 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_14]
#   %primals_183 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_183]
#   %mul_236 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_236]
#   %mul_167 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_167]
#   %div_17 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=div_17]
#   %sum_38 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_38]
#   %sum_39 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_39]
#   %mul_240 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_240]
#   %gt_33 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt_33]
#   %view_296 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_10, [16, 256, 768]), kwargs = {})
#   %convert_element_type_594 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_296, torch.float32), kwargs = {})
#   %add_111 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_226, %convert_element_type_594), kwargs = {})
#   %view_300 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_12, [16, 256, 768]), kwargs = {})
#   %convert_element_type_602 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_300, torch.float32), kwargs = {})
#   %add_112 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_111, %convert_element_type_602), kwargs = {})
#   %view_304 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_14, [16, 256, 768]), kwargs = {})
#   %convert_element_type_610 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_304, torch.float32), kwargs = {})
#   %add_113 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_112, %convert_element_type_610), kwargs = {})
#   %mul_236 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_113, %primals_183), kwargs = {})
#   %mul_237 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_236, 768), kwargs = {})
#   %sum_38 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_236, [2], True), kwargs = {})
#   %mul_238 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_236, %mul_167), kwargs = {})
#   %sum_39 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_238, [2], True), kwargs = {})
#   %mul_239 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_167, %sum_39), kwargs = {})
#   %sub_51 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_237, %sum_38), kwargs = {})
#   %sub_52 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_51, %mul_239), kwargs = {})
#   %mul_240 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_17, %sub_52), kwargs = {})
#   %convert_element_type_613 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_240, torch.bfloat16), kwargs = {})
#   %convert_element_type_614 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_33, torch.bfloat16), kwargs = {})
#   %mul_242 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_614, 1.1111111111111112), kwargs = {})
#   %mul_243 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_613, %mul_242), kwargs = {})
#   return %mul_236,%sum_38,%sum_39,%mul_240,%mul_243
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*i1', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 8, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 84937728}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp10 = tl.load(in_ptr3 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp16 = tl.load(in_ptr4 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp22 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last')
    tmp30 = tl.load(in_ptr6 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp3 + tmp5
    tmp8 = tmp7.to(tl.float32)
    tmp9 = tmp6 + tmp8
    tmp11 = tmp9 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(r0_mask, tmp12, 0)
    tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp17 = tmp11 * tmp16
    tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
    tmp20 = tl.where(r0_mask, tmp18, 0)
    tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
    tmp23 = tl.full([1, 1], 768.0, tl.float32)
    tmp24 = tmp11 * tmp23
    tmp25 = tmp24 - tmp15
    tmp26 = tmp16 * tmp21
    tmp27 = tmp25 - tmp26
    tmp28 = tmp22 * tmp27
    tmp29 = tmp28.to(tl.float32)
    tmp31 = tmp30.to(tl.float32)
    tmp32 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp33 = tmp31 * tmp32
    tmp34 = tmp29 * tmp33
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp28, r0_mask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp34, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/w6/cw6hjwux4be2ravb5cofcs5rmqwuzx7fh2zil6ulns2oezfdhfdo.py
# Topologically Sorted Source Nodes: [attention_mask_1, attn_output, permute_518, convert_element_type_1424, convert_element_type_1431, view_597, convert_element_type_1433, mul_560, mul_561, mul_562, sum_199, neg_12, fma_11, view_598, convert_element_type_1434], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten.view, aten.add, aten._safe_softmax, aten.native_dropout, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
# Source node to ATen node mapping:
#   attention_mask_1 => expand_2
#   attn_output => add_6, div, exp, full_default, full_default_1, full_default_2, mul_6, mul_7, sub_1, view_11, view_12, where, where_1
#   convert_element_type_1424 => convert_element_type_1424
#   convert_element_type_1431 => convert_element_type_1431
#   convert_element_type_1433 => convert_element_type_1433
#   convert_element_type_1434 => convert_element_type_1434
#   fma_11 => fma_11
#   mul_560 => mul_560
#   mul_561 => mul_561
#   mul_562 => mul_562
#   neg_12 => neg_12
#   permute_518 => permute_518
#   sum_199 => sum_199
#   view_597 => view_597
#   view_598 => view_598
# Graph fragment:
#   %logical_not_1 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=logical_not_1]
#   %bmm : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0" = PlaceHolder[target=bmm]
#   %ge : Tensor "b8[1, 1, 256, 1][256, 256, 1, 1]cuda:0" = PlaceHolder[target=ge]
#   %amax : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=amax]
#   %sum_1 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=sum_1]
#   %bmm_69 : Tensor "bf16[192, 256, 256][65536, 256, 1]cuda:0" = PlaceHolder[target=bmm_69]
#   %gt_1 : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0" = PlaceHolder[target=gt_1]
#   %where_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0" = PlaceHolder[target=where_1]
#   %sum_199 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=sum_199]
#   %expand_2 : Tensor "b8[16, 1, 256, 256][0, 256, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%ge, [16, -1, 256, 256]), kwargs = {})
#   %full_default : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -inf), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %full_default_1 : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "bf16[16, 1, 256, 256][65536, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%expand_2, %full_default_1, %full_default), kwargs = {})
#   %view_11 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%bmm, [16, 12, 256, 256]), kwargs = {})
#   %add_6 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_11, %where), kwargs = {})
#   %sub_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_6, %amax), kwargs = {})
#   %exp : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%sub_1,), kwargs = {})
#   %div : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%exp, %sum_1), kwargs = {})
#   %full_default_2 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([16, 12, 256, 256], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.where.self](args = (%logical_not_1, %full_default_2, %div), kwargs = {})
#   %mul_6 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_1, %where_1), kwargs = {})
#   %mul_7 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_6, 1.1111111111111112), kwargs = {})
#   %view_12 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%expand_5, [192, 256, 256]), kwargs = {})
#   %permute_518 : Tensor "f32[192, 256, 256][65536, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_12, [0, 2, 1]), kwargs = {})
#   %convert_element_type_1424 : Tensor "bf16[192, 256, 256][65536, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_518, torch.bfloat16), kwargs = {})
#   %convert_element_type_1431 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%bmm_69, torch.float32), kwargs = {})
#   %view_597 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_1431, [16, 12, 256, 256]), kwargs = {})
#   %convert_element_type_1433 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt_1, torch.float32), kwargs = {})
#   %mul_560 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_1433, 1.1111111111111112), kwargs = {})
#   %mul_561 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_597, %mul_560), kwargs = {})
#   %mul_562 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_561, %where_1), kwargs = {})
#   %sum_199 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_562, [-1], True), kwargs = {})
#   %neg_12 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%where_1,), kwargs = {})
#   %fma_11 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.fma.default](args = (%neg_12, %sum_199, %mul_562), kwargs = {})
#   %view_598 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%fma_11, [192, 256, 256]), kwargs = {})
#   %convert_element_type_1434 : Tensor "bf16[192, 256, 256][65536, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_598, torch.bfloat16), kwargs = {})
#   return %where_1,%sum_199,%convert_element_type_1424,%convert_element_type_1434
triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_20 = async_compile.triton('triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_20', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 65536, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_out_ptr1': '*bf16', 'in_ptr0': '*i1', 'in_ptr1': '*i1', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*i1', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_20', 'mutated_arg_names': ['in_out_ptr0', 'in_out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 256, 'r0_': 188743680}}
)
@triton.jit
def triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_20(in_out_ptr0, in_out_ptr1, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 49152
    r0_numel = 256
    R0_BLOCK: tl.constexpr = 256
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    x3 = xindex
    r0_2 = r0_index
    x0 = (xindex % 256)
    tmp0 = tl.load(in_ptr0 + (x3), None, eviction_policy='evict_last').to(tl.int1)
    tmp1 = tl.load(in_out_ptr0 + (r0_2 + 256*x3), None)
    tmp2 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.int1)
    tmp8 = tl.load(in_ptr2 + (x3), None, eviction_policy='evict_last')
    tmp11 = tl.load(in_ptr3 + (x3), None, eviction_policy='evict_last')
    tmp14 = tl.load(in_out_ptr1 + (r0_2 + 256*x3), None).to(tl.float32)
    tmp16 = tl.load(in_ptr4 + (r0_2 + 256*x3), None).to(tl.int1)
    tmp3 = tl.full([1, 1], 0.0, tl.float32)
    tmp4 = tl.full([1, 1], float("-inf"), tl.float32)
    tmp5 = tl.where(tmp2, tmp3, tmp4)
    tmp6 = tmp5.to(tl.float32)
    tmp7 = tmp1 + tmp6
    tmp9 = tmp7 - tmp8
    tmp10 = libdevice.exp(tmp9)
    tmp12 = (tmp10 / tmp11)
    tmp13 = tl.where(tmp0, tmp3, tmp12)
    tmp15 = tmp14.to(tl.float32)
    tmp17 = tmp16.to(tl.float32)
    tmp18 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp19 = tmp17 * tmp18
    tmp20 = tmp15 * tmp19
    tmp21 = tmp20 * tmp13
    tmp22 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
    tmp24 = tl.sum(tmp22, 1)[:, None].to(tl.float32)
    tmp25 = tmp17 * tmp13
    tmp26 = tmp25 * tmp18
    tmp27 = tmp26.to(tl.float32)
    tmp28 = -tmp13
    tmp29 = tl.fma(tmp28, tmp24, tmp21)
    tmp30 = tmp29.to(tl.float32)
    tl.store(out_ptr1 + (r0_2 + 256*x3), tmp27, None)
    tl.store(in_out_ptr1 + (r0_2 + 256*x3), tmp30, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ag/cagsk4i2vivitjnrfclm3g3kym2gere3q4rsjze2p5ycjqscvmjn.py
# Topologically Sorted Source Nodes: [full_default_46], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_46 => full_default_46
# Graph fragment:
#   %full_default_46 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([30522, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_2
triton_poi_fused_embedding_dense_backward_21 = async_compile.triton('triton_poi_fused_embedding_dense_backward_21', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 33554432}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_21', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 187527168}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_21(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 23440896
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/5n/c5ncass3cwkhuppoqgqllh5gw2357cr63bmxwnb7jz3eutfejmzu.py
# Topologically Sorted Source Nodes: [masked_lm_loss, view_604, convert_element_type_1452, add_177, view_608, convert_element_type_1460, add_178, view_612, convert_element_type_1468, add_179, convert_element_type_1471, mul_565, mul_566, mul_568, mul_569, sum_203, mul_570, sum_204, mul_571, sub_117, sub_118, mul_572, token_type_ids, eq_13, unsqueeze_6, where_29, full_default_44, index_put_1, eq_14, unsqueeze_7, where_30, full_default_46, index_put_2], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.native_dropout_backward, aten.native_layer_norm_backward, aten.expand, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   add_177 => add_177
#   add_178 => add_178
#   add_179 => add_179
#   convert_element_type_1452 => convert_element_type_1452
#   convert_element_type_1460 => convert_element_type_1460
#   convert_element_type_1468 => convert_element_type_1468
#   convert_element_type_1471 => convert_element_type_1471
#   eq_13 => eq_13
#   eq_14 => eq_14
#   full_default_44 => full_default_44
#   full_default_46 => full_default_46
#   index_put_1 => index_put_1
#   index_put_2 => index_put_2
#   masked_lm_loss => full_default_37
#   mul_565 => mul_565
#   mul_566 => mul_566
#   mul_568 => mul_568
#   mul_569 => mul_569
#   mul_570 => mul_570
#   mul_571 => mul_571
#   mul_572 => mul_572
#   sub_117 => sub_117
#   sub_118 => sub_118
#   sum_203 => sum_203
#   sum_204 => sum_204
#   token_type_ids => expand_1
#   unsqueeze_6 => unsqueeze_6
#   unsqueeze_7 => unsqueeze_7
#   view_604 => view_604
#   view_608 => view_608
#   view_612 => view_612
#   where_29 => where_29
#   where_30 => where_30
# Graph fragment:
#   %mul_556 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_556]
#   %mm_142 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_142]
#   %mm_144 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_144]
#   %mm_146 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm_146]
#   %gt : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt]
#   %mul_566 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_566]
#   %primals_7 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_7]
#   %mul : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul]
#   %div_39 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=div_39]
#   %sum_203 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_203]
#   %sum_204 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_204]
#   %gather : Tensor "i64[1, 256][256, 1]cuda:0" = PlaceHolder[target=gather]
#   %mul_572 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_572]
#   %index_put_1 : Tensor "f32[2, 768][768, 1]cuda:0" = PlaceHolder[target=index_put_1]
#   %primals_1 : Tensor "i64[16, 256][256, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %index_put_2 : Tensor "f32[30522, 768][768, 1]cuda:0" = PlaceHolder[target=index_put_2]
#   %full_default_37 : Tensor "f32[][]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %view_604 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_142, [16, 256, 768]), kwargs = {})
#   %convert_element_type_1452 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_604, torch.float32), kwargs = {})
#   %add_177 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_556, %convert_element_type_1452), kwargs = {})
#   %view_608 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_144, [16, 256, 768]), kwargs = {})
#   %convert_element_type_1460 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_608, torch.float32), kwargs = {})
#   %add_178 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_177, %convert_element_type_1460), kwargs = {})
#   %view_612 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_146, [16, 256, 768]), kwargs = {})
#   %convert_element_type_1468 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_612, torch.float32), kwargs = {})
#   %add_179 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_178, %convert_element_type_1468), kwargs = {})
#   %convert_element_type_1471 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%gt, torch.float32), kwargs = {})
#   %mul_565 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_1471, 1.1111111111111112), kwargs = {})
#   %mul_566 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_179, %mul_565), kwargs = {})
#   %mul_568 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_566, %primals_7), kwargs = {})
#   %mul_569 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_568, 768), kwargs = {})
#   %sum_203 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_568, [2], True), kwargs = {})
#   %mul_570 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_568, %mul), kwargs = {})
#   %sum_204 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_570, [2], True), kwargs = {})
#   %mul_571 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %sum_204), kwargs = {})
#   %sub_117 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_569, %sum_203), kwargs = {})
#   %sub_118 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_117, %mul_571), kwargs = {})
#   %mul_572 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_39, %sub_118), kwargs = {})
#   %expand_1 : Tensor "i64[16, 256][0, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.expand.default](args = (%gather, [16, 256]), kwargs = {})
#   %eq_13 : Tensor "b8[16, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%expand_1, -1), kwargs = {})
#   %unsqueeze_6 : Tensor "b8[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_13, -1), kwargs = {})
#   %where_29 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_6, %full_default_37, %mul_572), kwargs = {})
#   %full_default_44 : Tensor "f32[2, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([2, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put_1 : Tensor "f32[2, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_44, [%expand_1], %where_29, True), kwargs = {})
#   %eq_14 : Tensor "b8[16, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%primals_1, 0), kwargs = {})
#   %unsqueeze_7 : Tensor "b8[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_14, -1), kwargs = {})
#   %where_30 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_7, %full_default_37, %mul_572), kwargs = {})
#   %full_default_46 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([30522, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put_2 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_46, [%primals_1], %where_30, True), kwargs = {})
#   return %mul_566,%sum_203,%sum_204,%mul_572,%buf740,%buf742
triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_22 = async_compile.triton('triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_22', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*i1', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*i64', 'in_ptr8': '*i64', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_22', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr3', 'out_ptr4'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 10, 'num_store': 4, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 51200, 'r0_': 97520640}}
)
@triton.jit
def triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_22(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4096
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 256)
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp10 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
    tmp15 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp21 = tl.load(in_ptr5 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp27 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last')
    tmp34 = tl.load(in_ptr7 + (x2), None, eviction_policy='evict_last')
    tmp44 = tl.load(in_ptr8 + (x0), None, eviction_policy='evict_last')
    tmp2 = tmp1.to(tl.float32)
    tmp3 = tmp0 + tmp2
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp3 + tmp5
    tmp8 = tmp7.to(tl.float32)
    tmp9 = tmp6 + tmp8
    tmp11 = tmp10.to(tl.float32)
    tmp12 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp13 = tmp11 * tmp12
    tmp14 = tmp9 * tmp13
    tmp16 = tmp14 * tmp15
    tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
    tmp19 = tl.where(r0_mask, tmp17, 0)
    tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
    tmp22 = tmp16 * tmp21
    tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp25 = tl.where(r0_mask, tmp23, 0)
    tmp26 = tl.sum(tmp25, 1)[:, None].to(tl.float32)
    tmp28 = tl.full([1, 1], 768.0, tl.float32)
    tmp29 = tmp16 * tmp28
    tmp30 = tmp29 - tmp20
    tmp31 = tmp21 * tmp26
    tmp32 = tmp30 - tmp31
    tmp33 = tmp27 * tmp32
    tmp35 = tl.full([1, 1], 2, tl.int32)
    tmp36 = tmp34 + tmp35
    tmp37 = tmp34 < 0
    tmp38 = tl.where(tmp37, tmp36, tmp34)
    tl.device_assert((0 <= tmp38) & (tmp38 < 2), "index out of bounds: 0 <= tmp38 < 2")
    tmp40 = tl.full([1, 1], -1, tl.int64)
    tmp41 = tmp34 == tmp40
    tmp42 = tl.full([1, 1], 0.0, tl.float32)
    tmp43 = tl.where(tmp41, tmp42, tmp33)
    tmp45 = tl.full([1, 1], 30522, tl.int32)
    tmp46 = tmp44 + tmp45
    tmp47 = tmp44 < 0
    tmp48 = tl.where(tmp47, tmp46, tmp44)
    tl.device_assert((0 <= tmp48) & (tmp48 < 30522), "index out of bounds: 0 <= tmp48 < 30522")
    tmp50 = tl.full([1, 1], 0, tl.int64)
    tmp51 = tmp44 == tmp50
    tmp52 = tl.where(tmp51, tmp42, tmp33)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp14, r0_mask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp33, r0_mask)
    tl.atomic_add(out_ptr3 + (tl.broadcast_to(r0_1 + 768*tmp38, [XBLOCK, R0_BLOCK])), tmp43, r0_mask, sem='relaxed')
    tl.atomic_add(out_ptr4 + (tl.broadcast_to(r0_1 + 768*tmp48, [XBLOCK, R0_BLOCK])), tmp52, r0_mask, sem='relaxed')
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/cd/ccd6w7c4k3s27f4a5om3gpsofwxlginsu4wtaqf5w3g4by3akhy3.py
# Topologically Sorted Source Nodes: [mul_573, sum_205, sum_206], Original ATen: [aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_573 => mul_573
#   sum_205 => sum_205
#   sum_206 => sum_206
# Graph fragment:
#   %mul_566 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_566]
#   %mul : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul]
#   %mul_573 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_566, %mul), kwargs = {})
#   %sum_205 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_573, [0, 1]), kwargs = {})
#   %sum_206 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_566, [0, 1]), kwargs = {})
#   return %buf732,%buf734
triton_red_fused_native_layer_norm_backward_23 = async_compile.triton('triton_red_fused_native_layer_norm_backward_23', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_23', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25559040, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_23(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 24576
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
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask, tmp5, _tmp4)
        tmp6 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask, tmp8, _tmp7)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, None)
    tl.store(out_ptr1 + (x3), tmp7, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/nv/cnvkyvfcjylujessntoa76xnqaisilyibptxg32czda4mae6akb4.py
# Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
# Source node to ATen node mapping:
#   add_109 => add_109
#   convert_element_type_544 => convert_element_type_544
#   convert_element_type_546 => convert_element_type_546
#   exp_15 => exp_15
#   hidden_states_91 => view_261
#   hidden_states_92 => add_98, convert_element_type_485, erf_11, mul_178
#   mul_215 => mul_215
#   mul_216 => mul_216
#   mul_217 => mul_217
#   mul_218 => mul_218
#   mul_219 => mul_219
#   mul_220 => mul_220
#   sum_28 => sum_28
#   view_279 => view_279
#   view_280 => view_280
# Graph fragment:
#   %convert_element_type_546 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0" = PlaceHolder[target=convert_element_type_546]
#   %view_279 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_4, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_544 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_279, torch.float32), kwargs = {})
#   %view_261 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_70, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_485 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_261, torch.float32), kwargs = {})
#   %mul_178 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, 0.7071067811865476), kwargs = {})
#   %erf_11 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_178,), kwargs = {})
#   %add_98 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_11, 1), kwargs = {})
#   %mul_215 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_98, 0.5), kwargs = {})
#   %mul_216 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %convert_element_type_485), kwargs = {})
#   %mul_217 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_216, -0.5), kwargs = {})
#   %exp_15 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_217,), kwargs = {})
#   %mul_218 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_15, 0.3989422804014327), kwargs = {})
#   %mul_219 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %mul_218), kwargs = {})
#   %add_109 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_215, %mul_219), kwargs = {})
#   %mul_220 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_544, %add_109), kwargs = {})
#   %convert_element_type_546 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_220, torch.bfloat16), kwargs = {})
#   %view_280 : Tensor "bf16[4096, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_546, [4096, 3072]), kwargs = {})
#   %sum_28 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_280, [0], True), kwargs = {dtype: torch.float32})
#   return %buf36
triton_red_fused_gelu_gelu_backward_sum_view_24 = async_compile.triton('triton_red_fused_gelu_gelu_backward_sum_view_24', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 131072, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_gelu_gelu_backward_sum_view_24', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25952256, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_gelu_gelu_backward_sum_view_24(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 98304
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


# kernel path: /tmp/torchinductor_root/si/csidtcq5yijw656mua6ylijyfsx7strdmowkzrkzxcwgel6ixkdk.py
# Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
# Source node to ATen node mapping:
#   add_109 => add_109
#   convert_element_type_544 => convert_element_type_544
#   convert_element_type_546 => convert_element_type_546
#   exp_15 => exp_15
#   hidden_states_91 => view_261
#   hidden_states_92 => add_98, convert_element_type_485, erf_11, mul_178
#   mul_215 => mul_215
#   mul_216 => mul_216
#   mul_217 => mul_217
#   mul_218 => mul_218
#   mul_219 => mul_219
#   mul_220 => mul_220
#   sum_28 => sum_28
#   view_279 => view_279
#   view_280 => view_280
# Graph fragment:
#   %buf36 : Tensor "f32[1, 3072, 32][98304, 1, 3072]cuda:0" = PlaceHolder[target=buf36]
#   %view_279 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_4, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_544 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_279, torch.float32), kwargs = {})
#   %view_261 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_70, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_485 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_261, torch.float32), kwargs = {})
#   %mul_178 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, 0.7071067811865476), kwargs = {})
#   %erf_11 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_178,), kwargs = {})
#   %add_98 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_11, 1), kwargs = {})
#   %mul_215 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_98, 0.5), kwargs = {})
#   %mul_216 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %convert_element_type_485), kwargs = {})
#   %mul_217 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_216, -0.5), kwargs = {})
#   %exp_15 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_217,), kwargs = {})
#   %mul_218 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_15, 0.3989422804014327), kwargs = {})
#   %mul_219 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_485, %mul_218), kwargs = {})
#   %add_109 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_215, %mul_219), kwargs = {})
#   %mul_220 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_544, %add_109), kwargs = {})
#   %convert_element_type_546 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_220, torch.bfloat16), kwargs = {})
#   %view_280 : Tensor "bf16[4096, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%convert_element_type_546, [4096, 3072]), kwargs = {})
#   %sum_28 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_280, [0], True), kwargs = {dtype: torch.float32})
#   return %sum_28
triton_per_fused_gelu_gelu_backward_sum_view_25 = async_compile.triton('triton_per_fused_gelu_gelu_backward_sum_view_25', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 32},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_gelu_gelu_backward_sum_view_25', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 417792, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_gelu_gelu_backward_sum_view_25(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
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


# kernel path: /tmp/torchinductor_root/en/cen2hbj5psuogdkqlurkc7gngn3uvvg3bar6izg2lfggyepx6zra.py
# Topologically Sorted Source Nodes: [full_default_42], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_42 => full_default_42
# Graph fragment:
#   %full_default_42 : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([512, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_26 = async_compile.triton('triton_poi_fused_embedding_dense_backward_26', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 524288}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_26', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3145728}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_26(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 393216
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/qe/cqe6oj3wbhxpzs6j4fkbsrv3u5d4r6ha4rubhwryrpgstnbedcw5.py
# Topologically Sorted Source Nodes: [convert_element_type_533], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_533 => convert_element_type_533
# Graph fragment:
#   %mm_3 : Tensor "bf16[768, 768][768, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %convert_element_type_533 : Tensor "f32[768, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_3, torch.float32), kwargs = {})
#   return %convert_element_type_533
triton_poi_fused__to_copy_27 = async_compile.triton('triton_poi_fused__to_copy_27', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_27', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5898240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_27(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 589824
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/gx/cgxsvrddb5jc7dxuqtahbhpgq7tug5nuqggvnc2qy7at3jx4ykw7.py
# Topologically Sorted Source Nodes: [convert_element_type_542], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_542 => convert_element_type_542
# Graph fragment:
#   %mm_5 : Tensor "bf16[768, 3072][3072, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %convert_element_type_542 : Tensor "f32[768, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_5, torch.float32), kwargs = {})
#   return %convert_element_type_542
triton_poi_fused__to_copy_28 = async_compile.triton('triton_poi_fused__to_copy_28', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_28', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 23592960}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_28(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2359296
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/cp/ccpmhppwed7cdg2jykcelq7msp4toy7jh6o67w476dy27nhqskvf.py
# Topologically Sorted Source Nodes: [masked_lm_loss, sum_207, position_ids, eq_12, unsqueeze_5, where_28, full_default_42, index_put], Original ATen: [aten.nll_loss_forward, aten.sum, aten.slice, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   eq_12 => eq_12
#   full_default_42 => full_default_42
#   index_put => index_put
#   masked_lm_loss => full_default_37
#   position_ids => slice_1
#   sum_207 => sum_207
#   unsqueeze_5 => unsqueeze_5
#   where_28 => where_28
# Graph fragment:
#   %mul_572 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_572]
#   %primals_2 : Tensor "i64[1, 512][512, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %sum_207 : Tensor "f32[1, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=sum_207]
#   %index_put : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=index_put]
#   %full_default_37 : Tensor "f32[][]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %sum_207 : Tensor "f32[1, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_572, [0], True), kwargs = {dtype: torch.float32})
#   %slice_1 : Tensor "i64[1, 256][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.slice.Tensor](args = (%primals_2, 1, 0, 256), kwargs = {})
#   %eq_12 : Tensor "b8[1, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%slice_1, -1), kwargs = {})
#   %unsqueeze_5 : Tensor "b8[1, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_12, -1), kwargs = {})
#   %where_28 : Tensor "f32[1, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_5, %full_default_37, %sum_207), kwargs = {})
#   %full_default_42 : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([512, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_42, [%slice_1], %where_28, True), kwargs = {})
#   return %sum_207,%buf738
triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_29 = async_compile.triton('triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_29', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 262144, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*i64', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_29', 'mutated_arg_names': ['out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12582912, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_29(in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 196608
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x3 = xindex // 768
    x2 = (xindex % 768)
    tmp0 = tl.load(in_ptr0 + (x0 + 196608*r0_1), None)
    tmp4 = tl.load(in_ptr1 + (x3), None, eviction_policy='evict_last')
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.sum(tmp1, 1)[:, None].to(tl.float32)
    tmp5 = tl.full([1, 1], 512, tl.int32)
    tmp6 = tmp4 + tmp5
    tmp7 = tmp4 < 0
    tmp8 = tl.where(tmp7, tmp6, tmp4)
    tl.device_assert((0 <= tmp8) & (tmp8 < 512), "index out of bounds: 0 <= tmp8 < 512")
    tmp10 = tl.full([1, 1], -1, tl.int64)
    tmp11 = tmp4 == tmp10
    tmp12 = tl.full([1, 1], 0.0, tl.float32)
    tmp13 = tl.where(tmp11, tmp12, tmp3)
    tl.atomic_add(out_ptr1 + (x2 + 768*tmp8), tmp13, None, sem='relaxed')
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ec/cecowjtg67ulzsbk5ughg4xlhzdhwh3pkqn64v6btq7324clx7yb.py
# Topologically Sorted Source Nodes: [convert_element_type_521, add_180], Original ATen: [aten._to_copy, aten.add]
# Source node to ATen node mapping:
#   add_180 => add_180
#   convert_element_type_521 => convert_element_type_521
# Graph fragment:
#   %mm_1 : Tensor "bf16[30522, 768][768, 1]cuda:0" = PlaceHolder[target=mm_1]
#   %buf742 : Tensor "f32[30522, 768][768, 1]cuda:0" = PlaceHolder[target=buf742]
#   %convert_element_type_521 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_1, torch.float32), kwargs = {})
#   %add_180 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_521, %index_put_2), kwargs = {})
#   return %add_180
triton_poi_fused__to_copy_add_30 = async_compile.triton('triton_poi_fused__to_copy_add_30', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 33554432}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_30', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 234408960}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_30(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 23440896
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


# kernel path: /tmp/torchinductor_root/iq/ciqwxyf2hgux2ues7jmf5sna3i4o5qdaoeomtle3eyrysrbtf53q.py
# Topologically Sorted Source Nodes: [view_271, sum_17], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_17 => sum_17
#   view_271 => view_271
# Graph fragment:
#   %add_105 : Tensor "bf16[16, 256, 30522][7815168, 30528, 1]cuda:0" = PlaceHolder[target=add_105]
#   %view_271 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_105, [4096, 30522]), kwargs = {})
#   %sum_17 : Tensor "f32[1, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_271, [0], True), kwargs = {dtype: torch.float32})
#   return %sum_17
triton_red_fused_sum_view_31 = async_compile.triton('triton_red_fused_sum_view_31', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 32768, 'r0_': 4096},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_view_31', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 250280400, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_view_31(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 30522
    r0_numel = 4096
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp3 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 30528*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp4 = _tmp3 + tmp2
        _tmp3 = tl.where(r0_mask & xmask, tmp4, _tmp3)
    tmp3 = tl.sum(_tmp3, 1)[:, None]
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
        primals_1, primals_2, primals_7, primals_17, primals_23, primals_33, primals_39, primals_49, primals_55, primals_65, primals_71, primals_81, primals_87, primals_97, primals_103, primals_113, primals_119, primals_129, primals_135, primals_145, primals_151, primals_161, primals_167, primals_177, primals_183, primals_193, primals_199, primals_203, gather, mul, gt, ge, view, bmm, amax, sum_1, logical_not_1, gt_1, view_16, gt_2, mul_10, view_18, addmm_4, view_20, gt_3, mul_17, view_22, where_3, gt_4, view_38, gt_5, mul_25, view_40, addmm_10, view_42, gt_6, mul_32, view_44, where_5, gt_7, view_60, gt_8, mul_40, view_62, addmm_16, view_64, gt_9, mul_47, view_66, where_7, gt_10, view_82, gt_11, mul_55, view_84, addmm_22, view_86, gt_12, mul_62, view_88, where_9, gt_13, view_104, gt_14, mul_70, view_106, addmm_28, view_108, gt_15, mul_77, view_110, where_11, gt_16, view_126, gt_17, mul_85, view_128, addmm_34, view_130, gt_18, mul_92, view_132, where_13, gt_19, view_148, gt_20, mul_100, view_150, addmm_40, view_152, gt_21, mul_107, view_154, where_15, gt_22, view_170, gt_23, mul_115, view_172, addmm_46, view_174, gt_24, mul_122, view_176, where_17, gt_25, view_192, gt_26, mul_130, view_194, addmm_52, view_196, gt_27, mul_137, view_198, where_19, gt_28, view_214, gt_29, mul_145, view_216, addmm_58, view_218, gt_30, mul_152, view_220, where_21, gt_31, view_236, gt_32, mul_160, view_238, addmm_64, view_240, gt_33, mul_167, view_242, where_23, gt_34, view_258, gt_35, mul_175, view_260, addmm_70, view_262, gt_36, mul_182, view_264, addmm_72, getitem_51, rsqrt_25, view_266, view_267, amax_12, log, convert_element_type_510, permute_134, permute_138, div_15, permute_142, permute_146, div_16, permute_150, convert_element_type_569, convert_element_type_577, convert_element_type_580, permute_161, permute_166, permute_171, div_17, permute_175, permute_179, div_18, permute_183, convert_element_type_647, convert_element_type_655, convert_element_type_658, permute_194, permute_199, permute_204, div_19, permute_208, permute_212, div_20, permute_216, convert_element_type_725, convert_element_type_733, convert_element_type_736, permute_227, permute_232, permute_237, div_21, permute_241, permute_245, div_22, permute_249, convert_element_type_803, convert_element_type_811, convert_element_type_814, permute_260, permute_265, permute_270, div_23, permute_274, permute_278, div_24, permute_282, convert_element_type_881, convert_element_type_889, convert_element_type_892, permute_293, permute_298, permute_303, div_25, permute_307, permute_311, div_26, permute_315, convert_element_type_959, convert_element_type_967, convert_element_type_970, permute_326, permute_331, permute_336, div_27, permute_340, permute_344, div_28, permute_348, convert_element_type_1037, convert_element_type_1045, convert_element_type_1048, permute_359, permute_364, permute_369, div_29, permute_373, permute_377, div_30, permute_381, convert_element_type_1115, convert_element_type_1123, convert_element_type_1126, permute_392, permute_397, permute_402, div_31, permute_406, permute_410, div_32, permute_414, convert_element_type_1193, convert_element_type_1201, convert_element_type_1204, permute_425, permute_430, permute_435, div_33, permute_439, permute_443, div_34, permute_447, convert_element_type_1271, convert_element_type_1279, convert_element_type_1282, permute_458, permute_463, permute_468, div_35, permute_472, permute_476, div_36, permute_480, convert_element_type_1349, convert_element_type_1357, convert_element_type_1360, permute_491, permute_496, permute_501, div_37, permute_505, permute_509, div_38, permute_513, convert_element_type_1427, convert_element_type_1435, convert_element_type_1438, permute_524, permute_529, permute_534, div_39, tangents_1, tangents_2 = args
        args.clear()
        assert_size_stride(primals_1, (16, 256), (256, 1))
        assert_size_stride(primals_2, (1, 512), (512, 1))
        assert_size_stride(primals_7, (768, ), (1, ))
        assert_size_stride(primals_17, (768, ), (1, ))
        assert_size_stride(primals_23, (768, ), (1, ))
        assert_size_stride(primals_33, (768, ), (1, ))
        assert_size_stride(primals_39, (768, ), (1, ))
        assert_size_stride(primals_49, (768, ), (1, ))
        assert_size_stride(primals_55, (768, ), (1, ))
        assert_size_stride(primals_65, (768, ), (1, ))
        assert_size_stride(primals_71, (768, ), (1, ))
        assert_size_stride(primals_81, (768, ), (1, ))
        assert_size_stride(primals_87, (768, ), (1, ))
        assert_size_stride(primals_97, (768, ), (1, ))
        assert_size_stride(primals_103, (768, ), (1, ))
        assert_size_stride(primals_113, (768, ), (1, ))
        assert_size_stride(primals_119, (768, ), (1, ))
        assert_size_stride(primals_129, (768, ), (1, ))
        assert_size_stride(primals_135, (768, ), (1, ))
        assert_size_stride(primals_145, (768, ), (1, ))
        assert_size_stride(primals_151, (768, ), (1, ))
        assert_size_stride(primals_161, (768, ), (1, ))
        assert_size_stride(primals_167, (768, ), (1, ))
        assert_size_stride(primals_177, (768, ), (1, ))
        assert_size_stride(primals_183, (768, ), (1, ))
        assert_size_stride(primals_193, (768, ), (1, ))
        assert_size_stride(primals_199, (768, ), (1, ))
        assert_size_stride(primals_203, (768, ), (1, ))
        assert_size_stride(gather, (1, 256), (256, 1))
        assert_size_stride(mul, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(gt, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(ge, (1, 1, 256, 1), (256, 256, 1, 1))
        assert_size_stride(view, (4096, 768), (768, 1))
        assert_size_stride(bmm, (192, 256, 256), (65536, 256, 1))
        assert_size_stride(amax, (16, 12, 256, 1), (3072, 256, 1, 1))
        assert_size_stride(sum_1, (16, 12, 256, 1), (3072, 256, 1, 1))
        assert_size_stride(logical_not_1, (16, 12, 256, 1), (3072, 256, 1, 1))
        assert_size_stride(gt_1, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_16, (4096, 768), (768, 1))
        assert_size_stride(gt_2, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_10, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_18, (4096, 768), (768, 1))
        assert_size_stride(addmm_4, (4096, 3072), (3072, 1))
        assert_size_stride(view_20, (4096, 3072), (3072, 1))
        assert_size_stride(gt_3, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_17, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_22, (4096, 768), (768, 1))
        assert_size_stride(where_3, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_4, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_38, (4096, 768), (768, 1))
        assert_size_stride(gt_5, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_25, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_40, (4096, 768), (768, 1))
        assert_size_stride(addmm_10, (4096, 3072), (3072, 1))
        assert_size_stride(view_42, (4096, 3072), (3072, 1))
        assert_size_stride(gt_6, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_32, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_44, (4096, 768), (768, 1))
        assert_size_stride(where_5, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_7, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_60, (4096, 768), (768, 1))
        assert_size_stride(gt_8, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_40, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_62, (4096, 768), (768, 1))
        assert_size_stride(addmm_16, (4096, 3072), (3072, 1))
        assert_size_stride(view_64, (4096, 3072), (3072, 1))
        assert_size_stride(gt_9, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_47, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_66, (4096, 768), (768, 1))
        assert_size_stride(where_7, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_10, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_82, (4096, 768), (768, 1))
        assert_size_stride(gt_11, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_55, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_84, (4096, 768), (768, 1))
        assert_size_stride(addmm_22, (4096, 3072), (3072, 1))
        assert_size_stride(view_86, (4096, 3072), (3072, 1))
        assert_size_stride(gt_12, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_62, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_88, (4096, 768), (768, 1))
        assert_size_stride(where_9, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_13, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_104, (4096, 768), (768, 1))
        assert_size_stride(gt_14, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_70, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_106, (4096, 768), (768, 1))
        assert_size_stride(addmm_28, (4096, 3072), (3072, 1))
        assert_size_stride(view_108, (4096, 3072), (3072, 1))
        assert_size_stride(gt_15, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_77, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_110, (4096, 768), (768, 1))
        assert_size_stride(where_11, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_16, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_126, (4096, 768), (768, 1))
        assert_size_stride(gt_17, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_85, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_128, (4096, 768), (768, 1))
        assert_size_stride(addmm_34, (4096, 3072), (3072, 1))
        assert_size_stride(view_130, (4096, 3072), (3072, 1))
        assert_size_stride(gt_18, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_92, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_132, (4096, 768), (768, 1))
        assert_size_stride(where_13, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_19, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_148, (4096, 768), (768, 1))
        assert_size_stride(gt_20, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_100, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_150, (4096, 768), (768, 1))
        assert_size_stride(addmm_40, (4096, 3072), (3072, 1))
        assert_size_stride(view_152, (4096, 3072), (3072, 1))
        assert_size_stride(gt_21, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_107, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_154, (4096, 768), (768, 1))
        assert_size_stride(where_15, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_22, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_170, (4096, 768), (768, 1))
        assert_size_stride(gt_23, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_115, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_172, (4096, 768), (768, 1))
        assert_size_stride(addmm_46, (4096, 3072), (3072, 1))
        assert_size_stride(view_174, (4096, 3072), (3072, 1))
        assert_size_stride(gt_24, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_122, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_176, (4096, 768), (768, 1))
        assert_size_stride(where_17, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_25, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_192, (4096, 768), (768, 1))
        assert_size_stride(gt_26, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_130, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_194, (4096, 768), (768, 1))
        assert_size_stride(addmm_52, (4096, 3072), (3072, 1))
        assert_size_stride(view_196, (4096, 3072), (3072, 1))
        assert_size_stride(gt_27, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_137, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_198, (4096, 768), (768, 1))
        assert_size_stride(where_19, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_28, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_214, (4096, 768), (768, 1))
        assert_size_stride(gt_29, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_145, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_216, (4096, 768), (768, 1))
        assert_size_stride(addmm_58, (4096, 3072), (3072, 1))
        assert_size_stride(view_218, (4096, 3072), (3072, 1))
        assert_size_stride(gt_30, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_152, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_220, (4096, 768), (768, 1))
        assert_size_stride(where_21, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_31, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_236, (4096, 768), (768, 1))
        assert_size_stride(gt_32, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_160, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_238, (4096, 768), (768, 1))
        assert_size_stride(addmm_64, (4096, 3072), (3072, 1))
        assert_size_stride(view_240, (4096, 3072), (3072, 1))
        assert_size_stride(gt_33, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_167, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_242, (4096, 768), (768, 1))
        assert_size_stride(where_23, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(gt_34, (16, 12, 256, 256), (786432, 65536, 256, 1))
        assert_size_stride(view_258, (4096, 768), (768, 1))
        assert_size_stride(gt_35, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_175, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_260, (4096, 768), (768, 1))
        assert_size_stride(addmm_70, (4096, 3072), (3072, 1))
        assert_size_stride(view_262, (4096, 3072), (3072, 1))
        assert_size_stride(gt_36, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(mul_182, (16, 256, 768), (196608, 768, 1))
        assert_size_stride(view_264, (4096, 768), (768, 1))
        assert_size_stride(addmm_72, (4096, 768), (768, 1))
        assert_size_stride(getitem_51, (16, 256, 1), (256, 1, 1))
        assert_size_stride(rsqrt_25, (16, 256, 1), (256, 1, 1))
        assert_size_stride(view_266, (4096, 768), (768, 1))
        assert_size_stride(view_267, (16, 256, 30522), (7815168, 30528, 1))
        assert_size_stride(amax_12, (4096, 1), (1, 1))
        assert_size_stride(log, (4096, 1), (1, 1))
        assert_size_stride(convert_element_type_510, (), ())
        assert_size_stride(permute_134, (30522, 768), (768, 1))
        assert_size_stride(permute_138, (768, 768), (768, 1))
        assert_size_stride(div_15, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_142, (768, 3072), (3072, 1))
        assert_size_stride(permute_146, (3072, 768), (768, 1))
        assert_size_stride(div_16, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_150, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_569, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_577, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_580, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_161, (768, 768), (768, 1))
        assert_size_stride(permute_166, (768, 768), (768, 1))
        assert_size_stride(permute_171, (768, 768), (768, 1))
        assert_size_stride(div_17, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_175, (768, 3072), (3072, 1))
        assert_size_stride(permute_179, (3072, 768), (768, 1))
        assert_size_stride(div_18, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_183, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_647, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_655, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_658, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_194, (768, 768), (768, 1))
        assert_size_stride(permute_199, (768, 768), (768, 1))
        assert_size_stride(permute_204, (768, 768), (768, 1))
        assert_size_stride(div_19, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_208, (768, 3072), (3072, 1))
        assert_size_stride(permute_212, (3072, 768), (768, 1))
        assert_size_stride(div_20, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_216, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_725, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_733, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_736, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_227, (768, 768), (768, 1))
        assert_size_stride(permute_232, (768, 768), (768, 1))
        assert_size_stride(permute_237, (768, 768), (768, 1))
        assert_size_stride(div_21, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_241, (768, 3072), (3072, 1))
        assert_size_stride(permute_245, (3072, 768), (768, 1))
        assert_size_stride(div_22, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_249, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_803, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_811, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_814, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_260, (768, 768), (768, 1))
        assert_size_stride(permute_265, (768, 768), (768, 1))
        assert_size_stride(permute_270, (768, 768), (768, 1))
        assert_size_stride(div_23, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_274, (768, 3072), (3072, 1))
        assert_size_stride(permute_278, (3072, 768), (768, 1))
        assert_size_stride(div_24, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_282, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_881, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_889, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_892, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_293, (768, 768), (768, 1))
        assert_size_stride(permute_298, (768, 768), (768, 1))
        assert_size_stride(permute_303, (768, 768), (768, 1))
        assert_size_stride(div_25, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_307, (768, 3072), (3072, 1))
        assert_size_stride(permute_311, (3072, 768), (768, 1))
        assert_size_stride(div_26, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_315, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_959, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_967, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_970, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_326, (768, 768), (768, 1))
        assert_size_stride(permute_331, (768, 768), (768, 1))
        assert_size_stride(permute_336, (768, 768), (768, 1))
        assert_size_stride(div_27, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_340, (768, 3072), (3072, 1))
        assert_size_stride(permute_344, (3072, 768), (768, 1))
        assert_size_stride(div_28, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_348, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1037, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1045, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1048, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_359, (768, 768), (768, 1))
        assert_size_stride(permute_364, (768, 768), (768, 1))
        assert_size_stride(permute_369, (768, 768), (768, 1))
        assert_size_stride(div_29, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_373, (768, 3072), (3072, 1))
        assert_size_stride(permute_377, (3072, 768), (768, 1))
        assert_size_stride(div_30, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_381, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1115, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1123, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1126, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_392, (768, 768), (768, 1))
        assert_size_stride(permute_397, (768, 768), (768, 1))
        assert_size_stride(permute_402, (768, 768), (768, 1))
        assert_size_stride(div_31, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_406, (768, 3072), (3072, 1))
        assert_size_stride(permute_410, (3072, 768), (768, 1))
        assert_size_stride(div_32, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_414, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1193, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1201, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1204, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_425, (768, 768), (768, 1))
        assert_size_stride(permute_430, (768, 768), (768, 1))
        assert_size_stride(permute_435, (768, 768), (768, 1))
        assert_size_stride(div_33, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_439, (768, 3072), (3072, 1))
        assert_size_stride(permute_443, (3072, 768), (768, 1))
        assert_size_stride(div_34, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_447, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1271, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1279, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1282, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_458, (768, 768), (768, 1))
        assert_size_stride(permute_463, (768, 768), (768, 1))
        assert_size_stride(permute_468, (768, 768), (768, 1))
        assert_size_stride(div_35, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_472, (768, 3072), (3072, 1))
        assert_size_stride(permute_476, (3072, 768), (768, 1))
        assert_size_stride(div_36, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_480, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1349, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1357, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1360, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_491, (768, 768), (768, 1))
        assert_size_stride(permute_496, (768, 768), (768, 1))
        assert_size_stride(permute_501, (768, 768), (768, 1))
        assert_size_stride(div_37, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_505, (768, 3072), (3072, 1))
        assert_size_stride(permute_509, (3072, 768), (768, 1))
        assert_size_stride(div_38, (16, 256, 1), (256, 1, 1))
        assert_size_stride(permute_513, (768, 768), (768, 1))
        assert_size_stride(convert_element_type_1427, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1435, (192, 64, 256), (16384, 1, 64))
        assert_size_stride(convert_element_type_1438, (192, 256, 64), (16384, 1, 256))
        assert_size_stride(permute_524, (768, 768), (768, 1))
        assert_size_stride(permute_529, (768, 768), (768, 1))
        assert_size_stride(permute_534, (768, 768), (768, 1))
        assert_size_stride(div_39, (16, 256, 1), (256, 1, 1))
        assert_size_stride(tangents_1, (), ())
        assert_size_stride(tangents_2, (16, 256, 30522), (7813632, 30522, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf739 = empty_strided_cuda((2, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_44], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_0.run(buf739, 1536, stream=stream0)
            buf3 = empty_strided_cuda((30528, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [constant_pad_nd_default_1], Original ATen: [aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_1.run(permute_134, buf3, 23445504, stream=stream0)
            del permute_134
            buf1 = empty_strided_cuda((16, 256, 30522), (7815168, 30528, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [div_13, view_37, unsqueeze_4, ne_3, masked_lm_loss, where_26, where_27, mul_189, view_36, exp_13, sum_16, mul_190, sub_40, convert_element_type_514, view_270, add_105], Original ATen: [aten.nll_loss_backward, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._log_softmax, aten._to_copy, aten._log_softmax_backward_data, aten.add]
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_2.run(primals_1, tangents_1, convert_element_type_510, tangents_2, view_267, amax_12, log, buf1, 4096, 30522, stream=stream0)
            del amax_12
            del convert_element_type_510
            del log
            del tangents_1
            del tangents_2
            del view_267
            buf2 = empty_strided_cuda((4096, 30528), (30528, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_271, constant_pad_nd_default], Original ATen: [aten.view, aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_view_3.run(buf1, buf2, 125042688, stream=stream0)
            buf4 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_271, constant_pad_nd_default, constant_pad_nd_default_1, mm_default], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(buf2, buf3, out=buf4)
            del buf2
            del buf3
            buf9 = empty_strided_cuda((768, 32), (1, 768), torch.float32)
            buf11 = empty_strided_cuda((768, 32), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20, sum_21], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf4, addmm_72, getitem_51, rsqrt_25, buf9, buf11, 24576, 128, stream=stream0)
            buf10 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf9, buf10, 768, 32, stream=stream0)
            buf12 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, sum_21], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf11, buf12, 768, 32, stream=stream0)
            buf14 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, mul_192, mul_193, sum_18, hidden_states_96, hidden_states_97, hidden_states_98, mul_194, sum_19, mul_195, sub_42, sub_43, div_14, mul_196, mul_199, mul_200, mul_201, exp_14, mul_202, mul_203, add_107, mul_204, convert_element_type_526, view_274], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.gelu, aten.native_layer_norm, aten.gelu_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_6.run(buf4, primals_203, addmm_72, getitem_51, rsqrt_25, buf14, 4096, 768, stream=stream0)
            del addmm_72
            del getitem_51
            del primals_203
            del rsqrt_25
            buf17 = reinterpret_tensor(buf11, (1, 768, 32), (24576, 1, 768), 0); del buf11  # reuse
            # Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf14, buf17, 24576, 128, stream=stream0)
            buf18 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf17, buf18, 768, 32, stream=stream0)
            buf15 = buf4; del buf4  # reuse
            # Topologically Sorted Source Nodes: [mm_2], Original ATen: [aten.mm]
            extern_kernels.mm(buf14, permute_138, out=buf15)
            del permute_138
            buf23 = reinterpret_tensor(buf17, (768, 32), (1, 768), 0); del buf17  # reuse
            buf25 = buf9; del buf9  # reuse
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_211, sum_25, sum_26], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_8.run(buf15, mul_182, buf23, buf25, 24576, 128, stream=stream0)
            buf24 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_211, sum_25], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf23, buf24, 768, 32, stream=stream0)
            buf26 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, sum_26], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf25, buf26, 768, 32, stream=stream0)
            buf22 = mul_182; del mul_182  # reuse
            buf27 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_206, mul_207, sum_23, mul_208, sum_24, mul_209, sub_45, sub_46, mul_210, convert_element_type_535, convert_element_type_536, mul_212, mul_213], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_9.run(buf22, buf15, primals_199, div_15, gt_36, buf27, 4096, 768, stream=stream0)
            del div_15
            del gt_36
            del primals_199
            buf30 = reinterpret_tensor(buf25, (1, 768, 32), (24576, 1, 768), 0); del buf25  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, sum_27], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf27, buf30, 24576, 128, stream=stream0)
            buf31 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, sum_27], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf30, buf31, 768, 32, stream=stream0)
            buf28 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, mm_4], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf27, (4096, 768), (768, 1), 0), permute_142, out=buf28)
            del permute_142
            buf33 = reinterpret_tensor(buf28, (16, 256, 3072), (786432, 3072, 1), 0); del buf28  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf33, addmm_70, 12582912, stream=stream0)
            del addmm_70
            buf34 = buf15; del buf15  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, mm_6], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf33, (4096, 3072), (3072, 1), 0), permute_146, out=buf34)
            del permute_146
            buf42 = reinterpret_tensor(buf30, (768, 32), (1, 768), 0); del buf30  # reuse
            buf44 = buf23; del buf23  # reuse
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_227, sum_31, sum_32], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf22, buf34, mul_175, buf42, buf44, 24576, 128, stream=stream0)
            buf43 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_227, sum_31], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf42, buf43, 768, 32, stream=stream0)
            buf45 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, sum_32], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf44, buf45, 768, 32, stream=stream0)
            buf41 = buf22; del buf22  # reuse
            buf46 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_222, mul_223, sum_29, mul_224, sum_30, mul_225, sub_48, sub_49, mul_226, convert_element_type_555, convert_element_type_556, mul_228, mul_229], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf41, buf34, primals_193, mul_175, div_16, gt_35, buf46, 4096, 768, stream=stream0)
            del div_16
            del gt_35
            del mul_175
            del primals_193
            buf49 = reinterpret_tensor(buf44, (1, 768, 32), (24576, 1, 768), 0); del buf44  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, sum_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf46, buf49, 24576, 128, stream=stream0)
            buf50 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, sum_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf49, buf50, 768, 32, stream=stream0)
            buf47 = buf34; del buf34  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, mm_8], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf46, (4096, 768), (768, 1), 0), permute_150, out=buf47)
            del permute_150
            buf53 = empty_strided_cuda((192, 256, 64), (64, 12288, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_285, view_286, permute_154, convert_element_type_564, clone_50, view_287, convert_element_type_565], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf47, buf53, 3145728, stream=stream0)
            buf55 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [bmm_25], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf53, convert_element_type_569, out=buf55)
            del convert_element_type_569
            buf52 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf57 = buf55; del buf55  # reuse
            # Topologically Sorted Source Nodes: [attn_output_33, permute_155, convert_element_type_566, convert_element_type_573, view_289, convert_element_type_575, mul_230, mul_231, mul_232, sum_34, neg_1, fma, view_290, convert_element_type_576], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf57, gt_34, where_23, buf52, 49152, 256, stream=stream0)
            del gt_34
            del where_23
            buf54 = reinterpret_tensor(buf47, (192, 256, 64), (16384, 64, 1), 0); del buf47  # reuse
            # Topologically Sorted Source Nodes: [view_285, view_286, permute_154, convert_element_type_564, clone_50, view_287, attn_output_33, permute_155, convert_element_type_565, convert_element_type_566, bmm_24], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf52, buf53, out=buf54)
            buf60 = reinterpret_tensor(buf53, (4096, 768), (768, 1), 0); del buf53  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_574, view_288, convert_element_type_586, permute_160, clone_52, view_293, view_294], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf54, buf60, 3145728, stream=stream0)
            buf63 = buf49; del buf49  # reuse
            # Topologically Sorted Source Nodes: [sum_35], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf60, buf63, 24576, 128, stream=stream0)
            buf64 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_35], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf63, buf64, 768, 32, stream=stream0)
            buf58 = reinterpret_tensor(buf54, (192, 64, 256), (16384, 256, 1), 0); del buf54  # reuse
            # Topologically Sorted Source Nodes: [bmm_26], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_577, buf57, out=buf58)
            del convert_element_type_577
            buf66 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_585, view_291, mul_233, permute_159, convert_element_type_587, permute_165, view_297, clone_53, view_298], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf58, buf66, 4096, 768, stream=stream0)
            buf69 = buf63; del buf63  # reuse
            # Topologically Sorted Source Nodes: [sum_36], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf66, buf69, 24576, 128, stream=stream0)
            buf70 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_36], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf69, buf70, 768, 32, stream=stream0)
            buf59 = reinterpret_tensor(buf58, (192, 256, 64), (16384, 64, 1), 0); del buf58  # reuse
            # Topologically Sorted Source Nodes: [bmm_27], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf57, convert_element_type_580, out=buf59)
            del convert_element_type_580
            buf72 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_584, view_292, mul_234, convert_element_type_588, permute_170, clone_54, view_301, view_302], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf59, buf72, 3145728, stream=stream0)
            buf75 = buf69; del buf69  # reuse
            # Topologically Sorted Source Nodes: [sum_37], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf72, buf75, 24576, 128, stream=stream0)
            buf76 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_37], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf75, buf76, 768, 32, stream=stream0)
            buf61 = reinterpret_tensor(buf59, (4096, 768), (768, 1), 0); del buf59  # reuse
            # Topologically Sorted Source Nodes: [mm_10], Original ATen: [aten.mm]
            extern_kernels.mm(buf60, permute_161, out=buf61)
            del permute_161
            buf67 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_12], Original ATen: [aten.mm]
            extern_kernels.mm(buf66, permute_166, out=buf67)
            del permute_166
            buf73 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_14], Original ATen: [aten.mm]
            extern_kernels.mm(buf72, permute_171, out=buf73)
            del permute_171
            buf82 = reinterpret_tensor(buf75, (768, 32), (1, 768), 0); del buf75  # reuse
            buf84 = buf42; del buf42  # reuse
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_241, sum_40, sum_41], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf41, buf61, buf67, buf73, mul_167, buf82, buf84, 24576, 128, stream=stream0)
            buf83 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_241, sum_40], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf82, buf83, 768, 32, stream=stream0)
            buf85 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, sum_41], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf84, buf85, 768, 32, stream=stream0)
            buf78 = buf41; del buf41  # reuse
            buf81 = buf78; del buf78  # reuse
            buf86 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_236, mul_237, sum_38, mul_238, sum_39, mul_239, sub_51, sub_52, mul_240, convert_element_type_613, convert_element_type_614, mul_242, mul_243], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf81, buf61, buf67, buf73, primals_183, mul_167, div_17, gt_33, buf86, 4096, 768, stream=stream0)
            del div_17
            del gt_33
            del mul_167
            del primals_183
            buf89 = reinterpret_tensor(buf84, (1, 768, 32), (24576, 1, 768), 0); del buf84  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, sum_42], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf86, buf89, 24576, 128, stream=stream0)
            buf90 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, sum_42], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf89, buf90, 768, 32, stream=stream0)
            buf87 = reinterpret_tensor(buf57, (4096, 3072), (3072, 1), 0); del buf57  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, mm_16], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf86, (4096, 768), (768, 1), 0), permute_175, out=buf87)
            del permute_175
            buf92 = reinterpret_tensor(buf87, (16, 256, 3072), (786432, 3072, 1), 0); del buf87  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf92, addmm_64, 12582912, stream=stream0)
            del addmm_64
            buf93 = buf73; del buf73  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, mm_18], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf92, (4096, 3072), (3072, 1), 0), permute_179, out=buf93)
            del permute_179
            buf101 = reinterpret_tensor(buf89, (768, 32), (1, 768), 0); del buf89  # reuse
            buf103 = buf82; del buf82  # reuse
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_257, sum_46, sum_47], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf81, buf93, mul_160, buf101, buf103, 24576, 128, stream=stream0)
            buf102 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_257, sum_46], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf101, buf102, 768, 32, stream=stream0)
            buf104 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, sum_47], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf103, buf104, 768, 32, stream=stream0)
            buf100 = buf81; del buf81  # reuse
            buf105 = reinterpret_tensor(buf67, (16, 256, 768), (196608, 768, 1), 0); del buf67  # reuse
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_252, mul_253, sum_44, mul_254, sum_45, mul_255, sub_54, sub_55, mul_256, convert_element_type_633, convert_element_type_634, mul_258, mul_259], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf100, buf93, primals_177, mul_160, div_18, gt_32, buf105, 4096, 768, stream=stream0)
            del div_18
            del gt_32
            del mul_160
            del primals_177
            buf108 = reinterpret_tensor(buf103, (1, 768, 32), (24576, 1, 768), 0); del buf103  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, sum_48], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf105, buf108, 24576, 128, stream=stream0)
            buf109 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, sum_48], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf108, buf109, 768, 32, stream=stream0)
            buf106 = buf93; del buf93  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, mm_20], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf105, (4096, 768), (768, 1), 0), permute_183, out=buf106)
            del permute_183
            buf112 = reinterpret_tensor(buf61, (192, 256, 64), (64, 12288, 1), 0); del buf61  # reuse
            # Topologically Sorted Source Nodes: [view_313, view_314, permute_187, convert_element_type_642, clone_57, view_315, convert_element_type_643], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf106, buf112, 3145728, stream=stream0)
            buf114 = reinterpret_tensor(buf52, (192, 256, 256), (65536, 256, 1), 0); del buf52  # reuse
            # Topologically Sorted Source Nodes: [bmm_29], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf112, convert_element_type_647, out=buf114)
            del convert_element_type_647
            buf111 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf116 = buf114; del buf114  # reuse
            # Topologically Sorted Source Nodes: [attn_output_30, permute_188, convert_element_type_644, convert_element_type_651, view_317, convert_element_type_653, mul_260, mul_261, mul_262, sum_49, neg_2, fma_1, view_318, convert_element_type_654], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf116, gt_31, where_21, buf111, 49152, 256, stream=stream0)
            del gt_31
            del where_21
            buf113 = reinterpret_tensor(buf106, (192, 256, 64), (16384, 64, 1), 0); del buf106  # reuse
            # Topologically Sorted Source Nodes: [view_313, view_314, permute_187, convert_element_type_642, clone_57, view_315, attn_output_30, permute_188, convert_element_type_643, convert_element_type_644, bmm_28], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf111, buf112, out=buf113)
            buf119 = reinterpret_tensor(buf112, (4096, 768), (768, 1), 0); del buf112  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_652, view_316, convert_element_type_664, permute_193, clone_59, view_321, view_322], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf113, buf119, 3145728, stream=stream0)
            buf122 = buf108; del buf108  # reuse
            # Topologically Sorted Source Nodes: [sum_50], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf119, buf122, 24576, 128, stream=stream0)
            buf123 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_50], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf122, buf123, 768, 32, stream=stream0)
            buf117 = reinterpret_tensor(buf113, (192, 64, 256), (16384, 256, 1), 0); del buf113  # reuse
            # Topologically Sorted Source Nodes: [bmm_30], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_655, buf116, out=buf117)
            del convert_element_type_655
            buf125 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_663, view_319, mul_263, permute_192, convert_element_type_665, permute_198, view_325, clone_60, view_326], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf117, buf125, 4096, 768, stream=stream0)
            buf128 = buf122; del buf122  # reuse
            # Topologically Sorted Source Nodes: [sum_51], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf125, buf128, 24576, 128, stream=stream0)
            buf129 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_51], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf128, buf129, 768, 32, stream=stream0)
            buf118 = reinterpret_tensor(buf117, (192, 256, 64), (16384, 64, 1), 0); del buf117  # reuse
            # Topologically Sorted Source Nodes: [bmm_31], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf116, convert_element_type_658, out=buf118)
            del convert_element_type_658
            buf131 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_662, view_320, mul_264, convert_element_type_666, permute_203, clone_61, view_329, view_330], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf118, buf131, 3145728, stream=stream0)
            buf134 = buf128; del buf128  # reuse
            # Topologically Sorted Source Nodes: [sum_52], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf131, buf134, 24576, 128, stream=stream0)
            buf135 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_52], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf134, buf135, 768, 32, stream=stream0)
            buf120 = reinterpret_tensor(buf118, (4096, 768), (768, 1), 0); del buf118  # reuse
            # Topologically Sorted Source Nodes: [mm_22], Original ATen: [aten.mm]
            extern_kernels.mm(buf119, permute_194, out=buf120)
            del permute_194
            buf126 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_24], Original ATen: [aten.mm]
            extern_kernels.mm(buf125, permute_199, out=buf126)
            del permute_199
            buf132 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_26], Original ATen: [aten.mm]
            extern_kernels.mm(buf131, permute_204, out=buf132)
            del permute_204
            buf141 = reinterpret_tensor(buf134, (768, 32), (1, 768), 0); del buf134  # reuse
            buf143 = buf101; del buf101  # reuse
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_271, sum_55, sum_56], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf100, buf120, buf126, buf132, mul_152, buf141, buf143, 24576, 128, stream=stream0)
            buf142 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_271, sum_55], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf141, buf142, 768, 32, stream=stream0)
            buf144 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, sum_56], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf143, buf144, 768, 32, stream=stream0)
            buf137 = buf100; del buf100  # reuse
            buf140 = buf137; del buf137  # reuse
            buf145 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_266, mul_267, sum_53, mul_268, sum_54, mul_269, sub_57, sub_58, mul_270, convert_element_type_691, convert_element_type_692, mul_272, mul_273], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf140, buf120, buf126, buf132, primals_167, mul_152, div_19, gt_30, buf145, 4096, 768, stream=stream0)
            del div_19
            del gt_30
            del mul_152
            del primals_167
            buf148 = reinterpret_tensor(buf143, (1, 768, 32), (24576, 1, 768), 0); del buf143  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, sum_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf145, buf148, 24576, 128, stream=stream0)
            buf149 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, sum_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf148, buf149, 768, 32, stream=stream0)
            buf146 = reinterpret_tensor(buf116, (4096, 3072), (3072, 1), 0); del buf116  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, mm_28], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf145, (4096, 768), (768, 1), 0), permute_208, out=buf146)
            del permute_208
            buf151 = reinterpret_tensor(buf146, (16, 256, 3072), (786432, 3072, 1), 0); del buf146  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf151, addmm_58, 12582912, stream=stream0)
            del addmm_58
            buf152 = buf132; del buf132  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, mm_30], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf151, (4096, 3072), (3072, 1), 0), permute_212, out=buf152)
            del permute_212
            buf160 = reinterpret_tensor(buf148, (768, 32), (1, 768), 0); del buf148  # reuse
            buf162 = buf141; del buf141  # reuse
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_287, sum_61, sum_62], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf140, buf152, mul_145, buf160, buf162, 24576, 128, stream=stream0)
            buf161 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_287, sum_61], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf160, buf161, 768, 32, stream=stream0)
            buf163 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, sum_62], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf162, buf163, 768, 32, stream=stream0)
            buf159 = buf140; del buf140  # reuse
            buf164 = reinterpret_tensor(buf126, (16, 256, 768), (196608, 768, 1), 0); del buf126  # reuse
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_282, mul_283, sum_59, mul_284, sum_60, mul_285, sub_60, sub_61, mul_286, convert_element_type_711, convert_element_type_712, mul_288, mul_289], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf159, buf152, primals_161, mul_145, div_20, gt_29, buf164, 4096, 768, stream=stream0)
            del div_20
            del gt_29
            del mul_145
            del primals_161
            buf167 = reinterpret_tensor(buf162, (1, 768, 32), (24576, 1, 768), 0); del buf162  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, sum_63], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf164, buf167, 24576, 128, stream=stream0)
            buf168 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, sum_63], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf167, buf168, 768, 32, stream=stream0)
            buf165 = buf152; del buf152  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, mm_32], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf164, (4096, 768), (768, 1), 0), permute_216, out=buf165)
            del permute_216
            buf171 = reinterpret_tensor(buf120, (192, 256, 64), (64, 12288, 1), 0); del buf120  # reuse
            # Topologically Sorted Source Nodes: [view_341, view_342, permute_220, convert_element_type_720, clone_64, view_343, convert_element_type_721], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf165, buf171, 3145728, stream=stream0)
            buf173 = reinterpret_tensor(buf111, (192, 256, 256), (65536, 256, 1), 0); del buf111  # reuse
            # Topologically Sorted Source Nodes: [bmm_33], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf171, convert_element_type_725, out=buf173)
            del convert_element_type_725
            buf170 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf175 = buf173; del buf173  # reuse
            # Topologically Sorted Source Nodes: [attn_output_27, permute_221, convert_element_type_722, convert_element_type_729, view_345, convert_element_type_731, mul_290, mul_291, mul_292, sum_64, neg_3, fma_2, view_346, convert_element_type_732], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf175, gt_28, where_19, buf170, 49152, 256, stream=stream0)
            del gt_28
            del where_19
            buf172 = reinterpret_tensor(buf165, (192, 256, 64), (16384, 64, 1), 0); del buf165  # reuse
            # Topologically Sorted Source Nodes: [view_341, view_342, permute_220, convert_element_type_720, clone_64, view_343, attn_output_27, permute_221, convert_element_type_721, convert_element_type_722, bmm_32], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf170, buf171, out=buf172)
            buf178 = reinterpret_tensor(buf171, (4096, 768), (768, 1), 0); del buf171  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_730, view_344, convert_element_type_742, permute_226, clone_66, view_349, view_350], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf172, buf178, 3145728, stream=stream0)
            buf181 = buf167; del buf167  # reuse
            # Topologically Sorted Source Nodes: [sum_65], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf178, buf181, 24576, 128, stream=stream0)
            buf182 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_65], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf181, buf182, 768, 32, stream=stream0)
            buf176 = reinterpret_tensor(buf172, (192, 64, 256), (16384, 256, 1), 0); del buf172  # reuse
            # Topologically Sorted Source Nodes: [bmm_34], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_733, buf175, out=buf176)
            del convert_element_type_733
            buf184 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_741, view_347, mul_293, permute_225, convert_element_type_743, permute_231, view_353, clone_67, view_354], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf176, buf184, 4096, 768, stream=stream0)
            buf187 = buf181; del buf181  # reuse
            # Topologically Sorted Source Nodes: [sum_66], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf184, buf187, 24576, 128, stream=stream0)
            buf188 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_66], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf187, buf188, 768, 32, stream=stream0)
            buf177 = reinterpret_tensor(buf176, (192, 256, 64), (16384, 64, 1), 0); del buf176  # reuse
            # Topologically Sorted Source Nodes: [bmm_35], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf175, convert_element_type_736, out=buf177)
            del convert_element_type_736
            buf190 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_740, view_348, mul_294, convert_element_type_744, permute_236, clone_68, view_357, view_358], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf177, buf190, 3145728, stream=stream0)
            buf193 = buf187; del buf187  # reuse
            # Topologically Sorted Source Nodes: [sum_67], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf190, buf193, 24576, 128, stream=stream0)
            buf194 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_67], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf193, buf194, 768, 32, stream=stream0)
            buf179 = reinterpret_tensor(buf177, (4096, 768), (768, 1), 0); del buf177  # reuse
            # Topologically Sorted Source Nodes: [mm_34], Original ATen: [aten.mm]
            extern_kernels.mm(buf178, permute_227, out=buf179)
            del permute_227
            buf185 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_36], Original ATen: [aten.mm]
            extern_kernels.mm(buf184, permute_232, out=buf185)
            del permute_232
            buf191 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_38], Original ATen: [aten.mm]
            extern_kernels.mm(buf190, permute_237, out=buf191)
            del permute_237
            buf200 = reinterpret_tensor(buf193, (768, 32), (1, 768), 0); del buf193  # reuse
            buf202 = buf160; del buf160  # reuse
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_301, sum_70, sum_71], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf159, buf179, buf185, buf191, mul_137, buf200, buf202, 24576, 128, stream=stream0)
            buf201 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_301, sum_70], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf200, buf201, 768, 32, stream=stream0)
            buf203 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, sum_71], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf202, buf203, 768, 32, stream=stream0)
            buf196 = buf159; del buf159  # reuse
            buf199 = buf196; del buf196  # reuse
            buf204 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_296, mul_297, sum_68, mul_298, sum_69, mul_299, sub_63, sub_64, mul_300, convert_element_type_769, convert_element_type_770, mul_302, mul_303], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf199, buf179, buf185, buf191, primals_151, mul_137, div_21, gt_27, buf204, 4096, 768, stream=stream0)
            del div_21
            del gt_27
            del mul_137
            del primals_151
            buf207 = reinterpret_tensor(buf202, (1, 768, 32), (24576, 1, 768), 0); del buf202  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, sum_72], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf204, buf207, 24576, 128, stream=stream0)
            buf208 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, sum_72], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf207, buf208, 768, 32, stream=stream0)
            buf205 = reinterpret_tensor(buf175, (4096, 3072), (3072, 1), 0); del buf175  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, mm_40], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf204, (4096, 768), (768, 1), 0), permute_241, out=buf205)
            del permute_241
            buf210 = reinterpret_tensor(buf205, (16, 256, 3072), (786432, 3072, 1), 0); del buf205  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf210, addmm_52, 12582912, stream=stream0)
            del addmm_52
            buf211 = buf191; del buf191  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, mm_42], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf210, (4096, 3072), (3072, 1), 0), permute_245, out=buf211)
            del permute_245
            buf219 = reinterpret_tensor(buf207, (768, 32), (1, 768), 0); del buf207  # reuse
            buf221 = buf200; del buf200  # reuse
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_317, sum_76, sum_77], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf199, buf211, mul_130, buf219, buf221, 24576, 128, stream=stream0)
            buf220 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_317, sum_76], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf219, buf220, 768, 32, stream=stream0)
            buf222 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, sum_77], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf221, buf222, 768, 32, stream=stream0)
            buf218 = buf199; del buf199  # reuse
            buf223 = reinterpret_tensor(buf185, (16, 256, 768), (196608, 768, 1), 0); del buf185  # reuse
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_312, mul_313, sum_74, mul_314, sum_75, mul_315, sub_66, sub_67, mul_316, convert_element_type_789, convert_element_type_790, mul_318, mul_319], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf218, buf211, primals_145, mul_130, div_22, gt_26, buf223, 4096, 768, stream=stream0)
            del div_22
            del gt_26
            del mul_130
            del primals_145
            buf226 = reinterpret_tensor(buf221, (1, 768, 32), (24576, 1, 768), 0); del buf221  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, sum_78], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf223, buf226, 24576, 128, stream=stream0)
            buf227 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, sum_78], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf226, buf227, 768, 32, stream=stream0)
            buf224 = buf211; del buf211  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, mm_44], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf223, (4096, 768), (768, 1), 0), permute_249, out=buf224)
            del permute_249
            buf230 = reinterpret_tensor(buf179, (192, 256, 64), (64, 12288, 1), 0); del buf179  # reuse
            # Topologically Sorted Source Nodes: [view_369, view_370, permute_253, convert_element_type_798, clone_71, view_371, convert_element_type_799], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf224, buf230, 3145728, stream=stream0)
            buf232 = reinterpret_tensor(buf170, (192, 256, 256), (65536, 256, 1), 0); del buf170  # reuse
            # Topologically Sorted Source Nodes: [bmm_37], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf230, convert_element_type_803, out=buf232)
            del convert_element_type_803
            buf229 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf234 = buf232; del buf232  # reuse
            # Topologically Sorted Source Nodes: [attn_output_24, permute_254, convert_element_type_800, convert_element_type_807, view_373, convert_element_type_809, mul_320, mul_321, mul_322, sum_79, neg_4, fma_3, view_374, convert_element_type_810], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf234, gt_25, where_17, buf229, 49152, 256, stream=stream0)
            del gt_25
            del where_17
            buf231 = reinterpret_tensor(buf224, (192, 256, 64), (16384, 64, 1), 0); del buf224  # reuse
            # Topologically Sorted Source Nodes: [view_369, view_370, permute_253, convert_element_type_798, clone_71, view_371, attn_output_24, permute_254, convert_element_type_799, convert_element_type_800, bmm_36], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf229, buf230, out=buf231)
            buf237 = reinterpret_tensor(buf230, (4096, 768), (768, 1), 0); del buf230  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_808, view_372, convert_element_type_820, permute_259, clone_73, view_377, view_378], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf231, buf237, 3145728, stream=stream0)
            buf240 = buf226; del buf226  # reuse
            # Topologically Sorted Source Nodes: [sum_80], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf237, buf240, 24576, 128, stream=stream0)
            buf241 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_80], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf240, buf241, 768, 32, stream=stream0)
            buf235 = reinterpret_tensor(buf231, (192, 64, 256), (16384, 256, 1), 0); del buf231  # reuse
            # Topologically Sorted Source Nodes: [bmm_38], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_811, buf234, out=buf235)
            del convert_element_type_811
            buf243 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_819, view_375, mul_323, permute_258, convert_element_type_821, permute_264, view_381, clone_74, view_382], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf235, buf243, 4096, 768, stream=stream0)
            buf246 = buf240; del buf240  # reuse
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf243, buf246, 24576, 128, stream=stream0)
            buf247 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf246, buf247, 768, 32, stream=stream0)
            buf236 = reinterpret_tensor(buf235, (192, 256, 64), (16384, 64, 1), 0); del buf235  # reuse
            # Topologically Sorted Source Nodes: [bmm_39], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf234, convert_element_type_814, out=buf236)
            del convert_element_type_814
            buf249 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_818, view_376, mul_324, convert_element_type_822, permute_269, clone_75, view_385, view_386], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf236, buf249, 3145728, stream=stream0)
            buf252 = buf246; del buf246  # reuse
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf249, buf252, 24576, 128, stream=stream0)
            buf253 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf252, buf253, 768, 32, stream=stream0)
            buf238 = reinterpret_tensor(buf236, (4096, 768), (768, 1), 0); del buf236  # reuse
            # Topologically Sorted Source Nodes: [mm_46], Original ATen: [aten.mm]
            extern_kernels.mm(buf237, permute_260, out=buf238)
            del permute_260
            buf244 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_48], Original ATen: [aten.mm]
            extern_kernels.mm(buf243, permute_265, out=buf244)
            del permute_265
            buf250 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_50], Original ATen: [aten.mm]
            extern_kernels.mm(buf249, permute_270, out=buf250)
            del permute_270
            buf259 = reinterpret_tensor(buf252, (768, 32), (1, 768), 0); del buf252  # reuse
            buf261 = buf219; del buf219  # reuse
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_331, sum_85, sum_86], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf218, buf238, buf244, buf250, mul_122, buf259, buf261, 24576, 128, stream=stream0)
            buf260 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_331, sum_85], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf259, buf260, 768, 32, stream=stream0)
            buf262 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, sum_86], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf261, buf262, 768, 32, stream=stream0)
            buf255 = buf218; del buf218  # reuse
            buf258 = buf255; del buf255  # reuse
            buf263 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_326, mul_327, sum_83, mul_328, sum_84, mul_329, sub_69, sub_70, mul_330, convert_element_type_847, convert_element_type_848, mul_332, mul_333], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf258, buf238, buf244, buf250, primals_135, mul_122, div_23, gt_24, buf263, 4096, 768, stream=stream0)
            del div_23
            del gt_24
            del mul_122
            del primals_135
            buf266 = reinterpret_tensor(buf261, (1, 768, 32), (24576, 1, 768), 0); del buf261  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, sum_87], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf263, buf266, 24576, 128, stream=stream0)
            buf267 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, sum_87], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf266, buf267, 768, 32, stream=stream0)
            buf264 = reinterpret_tensor(buf234, (4096, 3072), (3072, 1), 0); del buf234  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, mm_52], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf263, (4096, 768), (768, 1), 0), permute_274, out=buf264)
            del permute_274
            buf269 = reinterpret_tensor(buf264, (16, 256, 3072), (786432, 3072, 1), 0); del buf264  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf269, addmm_46, 12582912, stream=stream0)
            del addmm_46
            buf270 = buf250; del buf250  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, mm_54], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf269, (4096, 3072), (3072, 1), 0), permute_278, out=buf270)
            del permute_278
            buf278 = reinterpret_tensor(buf266, (768, 32), (1, 768), 0); del buf266  # reuse
            buf280 = buf259; del buf259  # reuse
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_347, sum_91, sum_92], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf258, buf270, mul_115, buf278, buf280, 24576, 128, stream=stream0)
            buf279 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_347, sum_91], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf278, buf279, 768, 32, stream=stream0)
            buf281 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, sum_92], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf280, buf281, 768, 32, stream=stream0)
            buf277 = buf258; del buf258  # reuse
            buf282 = reinterpret_tensor(buf244, (16, 256, 768), (196608, 768, 1), 0); del buf244  # reuse
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_342, mul_343, sum_89, mul_344, sum_90, mul_345, sub_72, sub_73, mul_346, convert_element_type_867, convert_element_type_868, mul_348, mul_349], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf277, buf270, primals_129, mul_115, div_24, gt_23, buf282, 4096, 768, stream=stream0)
            del div_24
            del gt_23
            del mul_115
            del primals_129
            buf285 = reinterpret_tensor(buf280, (1, 768, 32), (24576, 1, 768), 0); del buf280  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, sum_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf282, buf285, 24576, 128, stream=stream0)
            buf286 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, sum_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf285, buf286, 768, 32, stream=stream0)
            buf283 = buf270; del buf270  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, mm_56], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf282, (4096, 768), (768, 1), 0), permute_282, out=buf283)
            del permute_282
            buf289 = reinterpret_tensor(buf238, (192, 256, 64), (64, 12288, 1), 0); del buf238  # reuse
            # Topologically Sorted Source Nodes: [view_397, view_398, permute_286, convert_element_type_876, clone_78, view_399, convert_element_type_877], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf283, buf289, 3145728, stream=stream0)
            buf291 = reinterpret_tensor(buf229, (192, 256, 256), (65536, 256, 1), 0); del buf229  # reuse
            # Topologically Sorted Source Nodes: [bmm_41], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf289, convert_element_type_881, out=buf291)
            del convert_element_type_881
            buf288 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf293 = buf291; del buf291  # reuse
            # Topologically Sorted Source Nodes: [attn_output_21, permute_287, convert_element_type_878, convert_element_type_885, view_401, convert_element_type_887, mul_350, mul_351, mul_352, sum_94, neg_5, fma_4, view_402, convert_element_type_888], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf293, gt_22, where_15, buf288, 49152, 256, stream=stream0)
            del gt_22
            del where_15
            buf290 = reinterpret_tensor(buf283, (192, 256, 64), (16384, 64, 1), 0); del buf283  # reuse
            # Topologically Sorted Source Nodes: [view_397, view_398, permute_286, convert_element_type_876, clone_78, view_399, attn_output_21, permute_287, convert_element_type_877, convert_element_type_878, bmm_40], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf288, buf289, out=buf290)
            buf296 = reinterpret_tensor(buf289, (4096, 768), (768, 1), 0); del buf289  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_886, view_400, convert_element_type_898, permute_292, clone_80, view_405, view_406], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf290, buf296, 3145728, stream=stream0)
            buf299 = buf285; del buf285  # reuse
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf296, buf299, 24576, 128, stream=stream0)
            buf300 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf299, buf300, 768, 32, stream=stream0)
            buf294 = reinterpret_tensor(buf290, (192, 64, 256), (16384, 256, 1), 0); del buf290  # reuse
            # Topologically Sorted Source Nodes: [bmm_42], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_889, buf293, out=buf294)
            del convert_element_type_889
            buf302 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_897, view_403, mul_353, permute_291, convert_element_type_899, permute_297, view_409, clone_81, view_410], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf294, buf302, 4096, 768, stream=stream0)
            buf305 = buf299; del buf299  # reuse
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf302, buf305, 24576, 128, stream=stream0)
            buf306 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf305, buf306, 768, 32, stream=stream0)
            buf295 = reinterpret_tensor(buf294, (192, 256, 64), (16384, 64, 1), 0); del buf294  # reuse
            # Topologically Sorted Source Nodes: [bmm_43], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf293, convert_element_type_892, out=buf295)
            del convert_element_type_892
            buf308 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_896, view_404, mul_354, convert_element_type_900, permute_302, clone_82, view_413, view_414], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf295, buf308, 3145728, stream=stream0)
            buf311 = buf305; del buf305  # reuse
            # Topologically Sorted Source Nodes: [sum_97], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf308, buf311, 24576, 128, stream=stream0)
            buf312 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_97], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf311, buf312, 768, 32, stream=stream0)
            buf297 = reinterpret_tensor(buf295, (4096, 768), (768, 1), 0); del buf295  # reuse
            # Topologically Sorted Source Nodes: [mm_58], Original ATen: [aten.mm]
            extern_kernels.mm(buf296, permute_293, out=buf297)
            del permute_293
            buf303 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_60], Original ATen: [aten.mm]
            extern_kernels.mm(buf302, permute_298, out=buf303)
            del permute_298
            buf309 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_62], Original ATen: [aten.mm]
            extern_kernels.mm(buf308, permute_303, out=buf309)
            del permute_303
            buf318 = reinterpret_tensor(buf311, (768, 32), (1, 768), 0); del buf311  # reuse
            buf320 = buf278; del buf278  # reuse
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_361, sum_100, sum_101], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf277, buf297, buf303, buf309, mul_107, buf318, buf320, 24576, 128, stream=stream0)
            buf319 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_361, sum_100], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf318, buf319, 768, 32, stream=stream0)
            buf321 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, sum_101], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf320, buf321, 768, 32, stream=stream0)
            buf314 = buf277; del buf277  # reuse
            buf317 = buf314; del buf314  # reuse
            buf322 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_356, mul_357, sum_98, mul_358, sum_99, mul_359, sub_75, sub_76, mul_360, convert_element_type_925, convert_element_type_926, mul_362, mul_363], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf317, buf297, buf303, buf309, primals_119, mul_107, div_25, gt_21, buf322, 4096, 768, stream=stream0)
            del div_25
            del gt_21
            del mul_107
            del primals_119
            buf325 = reinterpret_tensor(buf320, (1, 768, 32), (24576, 1, 768), 0); del buf320  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, sum_102], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf322, buf325, 24576, 128, stream=stream0)
            buf326 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, sum_102], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf325, buf326, 768, 32, stream=stream0)
            buf323 = reinterpret_tensor(buf293, (4096, 3072), (3072, 1), 0); del buf293  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, mm_64], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf322, (4096, 768), (768, 1), 0), permute_307, out=buf323)
            del permute_307
            buf328 = reinterpret_tensor(buf323, (16, 256, 3072), (786432, 3072, 1), 0); del buf323  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf328, addmm_40, 12582912, stream=stream0)
            del addmm_40
            buf329 = buf309; del buf309  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, mm_66], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf328, (4096, 3072), (3072, 1), 0), permute_311, out=buf329)
            del permute_311
            buf337 = reinterpret_tensor(buf325, (768, 32), (1, 768), 0); del buf325  # reuse
            buf339 = buf318; del buf318  # reuse
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_377, sum_106, sum_107], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf317, buf329, mul_100, buf337, buf339, 24576, 128, stream=stream0)
            buf338 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_377, sum_106], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf337, buf338, 768, 32, stream=stream0)
            buf340 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, sum_107], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf339, buf340, 768, 32, stream=stream0)
            buf336 = buf317; del buf317  # reuse
            buf341 = reinterpret_tensor(buf303, (16, 256, 768), (196608, 768, 1), 0); del buf303  # reuse
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_372, mul_373, sum_104, mul_374, sum_105, mul_375, sub_78, sub_79, mul_376, convert_element_type_945, convert_element_type_946, mul_378, mul_379], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf336, buf329, primals_113, mul_100, div_26, gt_20, buf341, 4096, 768, stream=stream0)
            del div_26
            del gt_20
            del mul_100
            del primals_113
            buf344 = reinterpret_tensor(buf339, (1, 768, 32), (24576, 1, 768), 0); del buf339  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, sum_108], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf341, buf344, 24576, 128, stream=stream0)
            buf345 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, sum_108], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf344, buf345, 768, 32, stream=stream0)
            buf342 = buf329; del buf329  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, mm_68], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf341, (4096, 768), (768, 1), 0), permute_315, out=buf342)
            del permute_315
            buf348 = reinterpret_tensor(buf297, (192, 256, 64), (64, 12288, 1), 0); del buf297  # reuse
            # Topologically Sorted Source Nodes: [view_425, view_426, permute_319, convert_element_type_954, clone_85, view_427, convert_element_type_955], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf342, buf348, 3145728, stream=stream0)
            buf350 = reinterpret_tensor(buf288, (192, 256, 256), (65536, 256, 1), 0); del buf288  # reuse
            # Topologically Sorted Source Nodes: [bmm_45], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf348, convert_element_type_959, out=buf350)
            del convert_element_type_959
            buf347 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf352 = buf350; del buf350  # reuse
            # Topologically Sorted Source Nodes: [attn_output_18, permute_320, convert_element_type_956, convert_element_type_963, view_429, convert_element_type_965, mul_380, mul_381, mul_382, sum_109, neg_6, fma_5, view_430, convert_element_type_966], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf352, gt_19, where_13, buf347, 49152, 256, stream=stream0)
            del gt_19
            del where_13
            buf349 = reinterpret_tensor(buf342, (192, 256, 64), (16384, 64, 1), 0); del buf342  # reuse
            # Topologically Sorted Source Nodes: [view_425, view_426, permute_319, convert_element_type_954, clone_85, view_427, attn_output_18, permute_320, convert_element_type_955, convert_element_type_956, bmm_44], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf347, buf348, out=buf349)
            buf355 = reinterpret_tensor(buf348, (4096, 768), (768, 1), 0); del buf348  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_964, view_428, convert_element_type_976, permute_325, clone_87, view_433, view_434], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf349, buf355, 3145728, stream=stream0)
            buf358 = buf344; del buf344  # reuse
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf355, buf358, 24576, 128, stream=stream0)
            buf359 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf358, buf359, 768, 32, stream=stream0)
            buf353 = reinterpret_tensor(buf349, (192, 64, 256), (16384, 256, 1), 0); del buf349  # reuse
            # Topologically Sorted Source Nodes: [bmm_46], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_967, buf352, out=buf353)
            del convert_element_type_967
            buf361 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_975, view_431, mul_383, permute_324, convert_element_type_977, permute_330, view_437, clone_88, view_438], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf353, buf361, 4096, 768, stream=stream0)
            buf364 = buf358; del buf358  # reuse
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf361, buf364, 24576, 128, stream=stream0)
            buf365 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf364, buf365, 768, 32, stream=stream0)
            buf354 = reinterpret_tensor(buf353, (192, 256, 64), (16384, 64, 1), 0); del buf353  # reuse
            # Topologically Sorted Source Nodes: [bmm_47], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf352, convert_element_type_970, out=buf354)
            del convert_element_type_970
            buf367 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_974, view_432, mul_384, convert_element_type_978, permute_335, clone_89, view_441, view_442], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf354, buf367, 3145728, stream=stream0)
            buf370 = buf364; del buf364  # reuse
            # Topologically Sorted Source Nodes: [sum_112], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf367, buf370, 24576, 128, stream=stream0)
            buf371 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_112], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf370, buf371, 768, 32, stream=stream0)
            buf356 = reinterpret_tensor(buf354, (4096, 768), (768, 1), 0); del buf354  # reuse
            # Topologically Sorted Source Nodes: [mm_70], Original ATen: [aten.mm]
            extern_kernels.mm(buf355, permute_326, out=buf356)
            del permute_326
            buf362 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_72], Original ATen: [aten.mm]
            extern_kernels.mm(buf361, permute_331, out=buf362)
            del permute_331
            buf368 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_74], Original ATen: [aten.mm]
            extern_kernels.mm(buf367, permute_336, out=buf368)
            del permute_336
            buf377 = reinterpret_tensor(buf370, (768, 32), (1, 768), 0); del buf370  # reuse
            buf379 = buf337; del buf337  # reuse
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_391, sum_115, sum_116], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf336, buf356, buf362, buf368, mul_92, buf377, buf379, 24576, 128, stream=stream0)
            buf378 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_391, sum_115], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf377, buf378, 768, 32, stream=stream0)
            buf380 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, sum_116], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf379, buf380, 768, 32, stream=stream0)
            buf373 = buf336; del buf336  # reuse
            buf376 = buf373; del buf373  # reuse
            buf381 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_386, mul_387, sum_113, mul_388, sum_114, mul_389, sub_81, sub_82, mul_390, convert_element_type_1003, convert_element_type_1004, mul_392, mul_393], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf376, buf356, buf362, buf368, primals_103, mul_92, div_27, gt_18, buf381, 4096, 768, stream=stream0)
            del div_27
            del gt_18
            del mul_92
            del primals_103
            buf384 = reinterpret_tensor(buf379, (1, 768, 32), (24576, 1, 768), 0); del buf379  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, sum_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf381, buf384, 24576, 128, stream=stream0)
            buf385 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, sum_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf384, buf385, 768, 32, stream=stream0)
            buf382 = reinterpret_tensor(buf352, (4096, 3072), (3072, 1), 0); del buf352  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, mm_76], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf381, (4096, 768), (768, 1), 0), permute_340, out=buf382)
            del permute_340
            buf387 = reinterpret_tensor(buf382, (16, 256, 3072), (786432, 3072, 1), 0); del buf382  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf387, addmm_34, 12582912, stream=stream0)
            del addmm_34
            buf388 = buf368; del buf368  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, mm_78], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf387, (4096, 3072), (3072, 1), 0), permute_344, out=buf388)
            del permute_344
            buf396 = reinterpret_tensor(buf384, (768, 32), (1, 768), 0); del buf384  # reuse
            buf398 = buf377; del buf377  # reuse
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_407, sum_121, sum_122], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf376, buf388, mul_85, buf396, buf398, 24576, 128, stream=stream0)
            buf397 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_407, sum_121], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf396, buf397, 768, 32, stream=stream0)
            buf399 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, sum_122], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf398, buf399, 768, 32, stream=stream0)
            buf395 = buf376; del buf376  # reuse
            buf400 = reinterpret_tensor(buf362, (16, 256, 768), (196608, 768, 1), 0); del buf362  # reuse
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_402, mul_403, sum_119, mul_404, sum_120, mul_405, sub_84, sub_85, mul_406, convert_element_type_1023, convert_element_type_1024, mul_408, mul_409], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf395, buf388, primals_97, mul_85, div_28, gt_17, buf400, 4096, 768, stream=stream0)
            del div_28
            del gt_17
            del mul_85
            del primals_97
            buf403 = reinterpret_tensor(buf398, (1, 768, 32), (24576, 1, 768), 0); del buf398  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, sum_123], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf400, buf403, 24576, 128, stream=stream0)
            buf404 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, sum_123], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf403, buf404, 768, 32, stream=stream0)
            buf401 = buf388; del buf388  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, mm_80], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf400, (4096, 768), (768, 1), 0), permute_348, out=buf401)
            del permute_348
            buf407 = reinterpret_tensor(buf356, (192, 256, 64), (64, 12288, 1), 0); del buf356  # reuse
            # Topologically Sorted Source Nodes: [view_453, view_454, permute_352, convert_element_type_1032, clone_92, view_455, convert_element_type_1033], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf401, buf407, 3145728, stream=stream0)
            buf409 = reinterpret_tensor(buf347, (192, 256, 256), (65536, 256, 1), 0); del buf347  # reuse
            # Topologically Sorted Source Nodes: [bmm_49], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf407, convert_element_type_1037, out=buf409)
            del convert_element_type_1037
            buf406 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf411 = buf409; del buf409  # reuse
            # Topologically Sorted Source Nodes: [attn_output_15, permute_353, convert_element_type_1034, convert_element_type_1041, view_457, convert_element_type_1043, mul_410, mul_411, mul_412, sum_124, neg_7, fma_6, view_458, convert_element_type_1044], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf411, gt_16, where_11, buf406, 49152, 256, stream=stream0)
            del gt_16
            del where_11
            buf408 = reinterpret_tensor(buf401, (192, 256, 64), (16384, 64, 1), 0); del buf401  # reuse
            # Topologically Sorted Source Nodes: [view_453, view_454, permute_352, convert_element_type_1032, clone_92, view_455, attn_output_15, permute_353, convert_element_type_1033, convert_element_type_1034, bmm_48], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf406, buf407, out=buf408)
            buf414 = reinterpret_tensor(buf407, (4096, 768), (768, 1), 0); del buf407  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1042, view_456, convert_element_type_1054, permute_358, clone_94, view_461, view_462], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf408, buf414, 3145728, stream=stream0)
            buf417 = buf403; del buf403  # reuse
            # Topologically Sorted Source Nodes: [sum_125], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf414, buf417, 24576, 128, stream=stream0)
            buf418 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_125], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf417, buf418, 768, 32, stream=stream0)
            buf412 = reinterpret_tensor(buf408, (192, 64, 256), (16384, 256, 1), 0); del buf408  # reuse
            # Topologically Sorted Source Nodes: [bmm_50], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1045, buf411, out=buf412)
            del convert_element_type_1045
            buf420 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1053, view_459, mul_413, permute_357, convert_element_type_1055, permute_363, view_465, clone_95, view_466], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf412, buf420, 4096, 768, stream=stream0)
            buf423 = buf417; del buf417  # reuse
            # Topologically Sorted Source Nodes: [sum_126], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf420, buf423, 24576, 128, stream=stream0)
            buf424 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_126], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf423, buf424, 768, 32, stream=stream0)
            buf413 = reinterpret_tensor(buf412, (192, 256, 64), (16384, 64, 1), 0); del buf412  # reuse
            # Topologically Sorted Source Nodes: [bmm_51], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf411, convert_element_type_1048, out=buf413)
            del convert_element_type_1048
            buf426 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1052, view_460, mul_414, convert_element_type_1056, permute_368, clone_96, view_469, view_470], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf413, buf426, 3145728, stream=stream0)
            buf429 = buf423; del buf423  # reuse
            # Topologically Sorted Source Nodes: [sum_127], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf426, buf429, 24576, 128, stream=stream0)
            buf430 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_127], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf429, buf430, 768, 32, stream=stream0)
            buf415 = reinterpret_tensor(buf413, (4096, 768), (768, 1), 0); del buf413  # reuse
            # Topologically Sorted Source Nodes: [mm_82], Original ATen: [aten.mm]
            extern_kernels.mm(buf414, permute_359, out=buf415)
            del permute_359
            buf421 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_84], Original ATen: [aten.mm]
            extern_kernels.mm(buf420, permute_364, out=buf421)
            del permute_364
            buf427 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_86], Original ATen: [aten.mm]
            extern_kernels.mm(buf426, permute_369, out=buf427)
            del permute_369
            buf436 = reinterpret_tensor(buf429, (768, 32), (1, 768), 0); del buf429  # reuse
            buf438 = buf396; del buf396  # reuse
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_421, sum_130, sum_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf395, buf415, buf421, buf427, mul_77, buf436, buf438, 24576, 128, stream=stream0)
            buf437 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_421, sum_130], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf436, buf437, 768, 32, stream=stream0)
            buf439 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, sum_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf438, buf439, 768, 32, stream=stream0)
            buf432 = buf395; del buf395  # reuse
            buf435 = buf432; del buf432  # reuse
            buf440 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_416, mul_417, sum_128, mul_418, sum_129, mul_419, sub_87, sub_88, mul_420, convert_element_type_1081, convert_element_type_1082, mul_422, mul_423], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf435, buf415, buf421, buf427, primals_87, mul_77, div_29, gt_15, buf440, 4096, 768, stream=stream0)
            del div_29
            del gt_15
            del mul_77
            del primals_87
            buf443 = reinterpret_tensor(buf438, (1, 768, 32), (24576, 1, 768), 0); del buf438  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, sum_132], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf440, buf443, 24576, 128, stream=stream0)
            buf444 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, sum_132], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf443, buf444, 768, 32, stream=stream0)
            buf441 = reinterpret_tensor(buf411, (4096, 3072), (3072, 1), 0); del buf411  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, mm_88], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf440, (4096, 768), (768, 1), 0), permute_373, out=buf441)
            del permute_373
            buf446 = reinterpret_tensor(buf441, (16, 256, 3072), (786432, 3072, 1), 0); del buf441  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf446, addmm_28, 12582912, stream=stream0)
            del addmm_28
            buf447 = buf427; del buf427  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, mm_90], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf446, (4096, 3072), (3072, 1), 0), permute_377, out=buf447)
            del permute_377
            buf455 = reinterpret_tensor(buf443, (768, 32), (1, 768), 0); del buf443  # reuse
            buf457 = buf436; del buf436  # reuse
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_437, sum_136, sum_137], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf435, buf447, mul_70, buf455, buf457, 24576, 128, stream=stream0)
            buf456 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_437, sum_136], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf455, buf456, 768, 32, stream=stream0)
            buf458 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, sum_137], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf457, buf458, 768, 32, stream=stream0)
            buf454 = buf435; del buf435  # reuse
            buf459 = reinterpret_tensor(buf421, (16, 256, 768), (196608, 768, 1), 0); del buf421  # reuse
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_432, mul_433, sum_134, mul_434, sum_135, mul_435, sub_90, sub_91, mul_436, convert_element_type_1101, convert_element_type_1102, mul_438, mul_439], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf454, buf447, primals_81, mul_70, div_30, gt_14, buf459, 4096, 768, stream=stream0)
            del div_30
            del gt_14
            del mul_70
            del primals_81
            buf462 = reinterpret_tensor(buf457, (1, 768, 32), (24576, 1, 768), 0); del buf457  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, sum_138], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf459, buf462, 24576, 128, stream=stream0)
            buf463 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, sum_138], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf462, buf463, 768, 32, stream=stream0)
            buf460 = buf447; del buf447  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, mm_92], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf459, (4096, 768), (768, 1), 0), permute_381, out=buf460)
            del permute_381
            buf466 = reinterpret_tensor(buf415, (192, 256, 64), (64, 12288, 1), 0); del buf415  # reuse
            # Topologically Sorted Source Nodes: [view_481, view_482, permute_385, convert_element_type_1110, clone_99, view_483, convert_element_type_1111], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf460, buf466, 3145728, stream=stream0)
            buf468 = reinterpret_tensor(buf406, (192, 256, 256), (65536, 256, 1), 0); del buf406  # reuse
            # Topologically Sorted Source Nodes: [bmm_53], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf466, convert_element_type_1115, out=buf468)
            del convert_element_type_1115
            buf465 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf470 = buf468; del buf468  # reuse
            # Topologically Sorted Source Nodes: [attn_output_12, permute_386, convert_element_type_1112, convert_element_type_1119, view_485, convert_element_type_1121, mul_440, mul_441, mul_442, sum_139, neg_8, fma_7, view_486, convert_element_type_1122], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf470, gt_13, where_9, buf465, 49152, 256, stream=stream0)
            del gt_13
            del where_9
            buf467 = reinterpret_tensor(buf460, (192, 256, 64), (16384, 64, 1), 0); del buf460  # reuse
            # Topologically Sorted Source Nodes: [view_481, view_482, permute_385, convert_element_type_1110, clone_99, view_483, attn_output_12, permute_386, convert_element_type_1111, convert_element_type_1112, bmm_52], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf465, buf466, out=buf467)
            buf473 = reinterpret_tensor(buf466, (4096, 768), (768, 1), 0); del buf466  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1120, view_484, convert_element_type_1132, permute_391, clone_101, view_489, view_490], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf467, buf473, 3145728, stream=stream0)
            buf476 = buf462; del buf462  # reuse
            # Topologically Sorted Source Nodes: [sum_140], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf473, buf476, 24576, 128, stream=stream0)
            buf477 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_140], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf476, buf477, 768, 32, stream=stream0)
            buf471 = reinterpret_tensor(buf467, (192, 64, 256), (16384, 256, 1), 0); del buf467  # reuse
            # Topologically Sorted Source Nodes: [bmm_54], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1123, buf470, out=buf471)
            del convert_element_type_1123
            buf479 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1131, view_487, mul_443, permute_390, convert_element_type_1133, permute_396, view_493, clone_102, view_494], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf471, buf479, 4096, 768, stream=stream0)
            buf482 = buf476; del buf476  # reuse
            # Topologically Sorted Source Nodes: [sum_141], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf479, buf482, 24576, 128, stream=stream0)
            buf483 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_141], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf482, buf483, 768, 32, stream=stream0)
            buf472 = reinterpret_tensor(buf471, (192, 256, 64), (16384, 64, 1), 0); del buf471  # reuse
            # Topologically Sorted Source Nodes: [bmm_55], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf470, convert_element_type_1126, out=buf472)
            del convert_element_type_1126
            buf485 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1130, view_488, mul_444, convert_element_type_1134, permute_401, clone_103, view_497, view_498], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf472, buf485, 3145728, stream=stream0)
            buf488 = buf482; del buf482  # reuse
            # Topologically Sorted Source Nodes: [sum_142], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf485, buf488, 24576, 128, stream=stream0)
            buf489 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_142], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf488, buf489, 768, 32, stream=stream0)
            buf474 = reinterpret_tensor(buf472, (4096, 768), (768, 1), 0); del buf472  # reuse
            # Topologically Sorted Source Nodes: [mm_94], Original ATen: [aten.mm]
            extern_kernels.mm(buf473, permute_392, out=buf474)
            del permute_392
            buf480 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_96], Original ATen: [aten.mm]
            extern_kernels.mm(buf479, permute_397, out=buf480)
            del permute_397
            buf486 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_98], Original ATen: [aten.mm]
            extern_kernels.mm(buf485, permute_402, out=buf486)
            del permute_402
            buf495 = reinterpret_tensor(buf488, (768, 32), (1, 768), 0); del buf488  # reuse
            buf497 = buf455; del buf455  # reuse
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_451, sum_145, sum_146], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf454, buf474, buf480, buf486, mul_62, buf495, buf497, 24576, 128, stream=stream0)
            buf496 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_451, sum_145], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf495, buf496, 768, 32, stream=stream0)
            buf498 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, sum_146], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf497, buf498, 768, 32, stream=stream0)
            buf491 = buf454; del buf454  # reuse
            buf494 = buf491; del buf491  # reuse
            buf499 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_446, mul_447, sum_143, mul_448, sum_144, mul_449, sub_93, sub_94, mul_450, convert_element_type_1159, convert_element_type_1160, mul_452, mul_453], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf494, buf474, buf480, buf486, primals_71, mul_62, div_31, gt_12, buf499, 4096, 768, stream=stream0)
            del div_31
            del gt_12
            del mul_62
            del primals_71
            buf502 = reinterpret_tensor(buf497, (1, 768, 32), (24576, 1, 768), 0); del buf497  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, sum_147], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf499, buf502, 24576, 128, stream=stream0)
            buf503 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, sum_147], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf502, buf503, 768, 32, stream=stream0)
            buf500 = reinterpret_tensor(buf470, (4096, 3072), (3072, 1), 0); del buf470  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, mm_100], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf499, (4096, 768), (768, 1), 0), permute_406, out=buf500)
            del permute_406
            buf505 = reinterpret_tensor(buf500, (16, 256, 3072), (786432, 3072, 1), 0); del buf500  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf505, addmm_22, 12582912, stream=stream0)
            del addmm_22
            buf506 = buf486; del buf486  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, mm_102], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf505, (4096, 3072), (3072, 1), 0), permute_410, out=buf506)
            del permute_410
            buf514 = reinterpret_tensor(buf502, (768, 32), (1, 768), 0); del buf502  # reuse
            buf516 = buf495; del buf495  # reuse
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_467, sum_151, sum_152], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf494, buf506, mul_55, buf514, buf516, 24576, 128, stream=stream0)
            buf515 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_467, sum_151], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf514, buf515, 768, 32, stream=stream0)
            buf517 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, sum_152], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf516, buf517, 768, 32, stream=stream0)
            buf513 = buf494; del buf494  # reuse
            buf518 = reinterpret_tensor(buf480, (16, 256, 768), (196608, 768, 1), 0); del buf480  # reuse
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_462, mul_463, sum_149, mul_464, sum_150, mul_465, sub_96, sub_97, mul_466, convert_element_type_1179, convert_element_type_1180, mul_468, mul_469], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf513, buf506, primals_65, mul_55, div_32, gt_11, buf518, 4096, 768, stream=stream0)
            del div_32
            del gt_11
            del mul_55
            del primals_65
            buf521 = reinterpret_tensor(buf516, (1, 768, 32), (24576, 1, 768), 0); del buf516  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, sum_153], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf518, buf521, 24576, 128, stream=stream0)
            buf522 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, sum_153], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf521, buf522, 768, 32, stream=stream0)
            buf519 = buf506; del buf506  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, mm_104], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf518, (4096, 768), (768, 1), 0), permute_414, out=buf519)
            del permute_414
            buf525 = reinterpret_tensor(buf474, (192, 256, 64), (64, 12288, 1), 0); del buf474  # reuse
            # Topologically Sorted Source Nodes: [view_509, view_510, permute_418, convert_element_type_1188, clone_106, view_511, convert_element_type_1189], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf519, buf525, 3145728, stream=stream0)
            buf527 = reinterpret_tensor(buf465, (192, 256, 256), (65536, 256, 1), 0); del buf465  # reuse
            # Topologically Sorted Source Nodes: [bmm_57], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf525, convert_element_type_1193, out=buf527)
            del convert_element_type_1193
            buf524 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf529 = buf527; del buf527  # reuse
            # Topologically Sorted Source Nodes: [attn_output_9, permute_419, convert_element_type_1190, convert_element_type_1197, view_513, convert_element_type_1199, mul_470, mul_471, mul_472, sum_154, neg_9, fma_8, view_514, convert_element_type_1200], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf529, gt_10, where_7, buf524, 49152, 256, stream=stream0)
            del gt_10
            del where_7
            buf526 = reinterpret_tensor(buf519, (192, 256, 64), (16384, 64, 1), 0); del buf519  # reuse
            # Topologically Sorted Source Nodes: [view_509, view_510, permute_418, convert_element_type_1188, clone_106, view_511, attn_output_9, permute_419, convert_element_type_1189, convert_element_type_1190, bmm_56], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf524, buf525, out=buf526)
            buf532 = reinterpret_tensor(buf525, (4096, 768), (768, 1), 0); del buf525  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1198, view_512, convert_element_type_1210, permute_424, clone_108, view_517, view_518], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf526, buf532, 3145728, stream=stream0)
            buf535 = buf521; del buf521  # reuse
            # Topologically Sorted Source Nodes: [sum_155], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf532, buf535, 24576, 128, stream=stream0)
            buf536 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_155], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf535, buf536, 768, 32, stream=stream0)
            buf530 = reinterpret_tensor(buf526, (192, 64, 256), (16384, 256, 1), 0); del buf526  # reuse
            # Topologically Sorted Source Nodes: [bmm_58], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1201, buf529, out=buf530)
            del convert_element_type_1201
            buf538 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1209, view_515, mul_473, permute_423, convert_element_type_1211, permute_429, view_521, clone_109, view_522], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf530, buf538, 4096, 768, stream=stream0)
            buf541 = buf535; del buf535  # reuse
            # Topologically Sorted Source Nodes: [sum_156], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf538, buf541, 24576, 128, stream=stream0)
            buf542 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_156], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf541, buf542, 768, 32, stream=stream0)
            buf531 = reinterpret_tensor(buf530, (192, 256, 64), (16384, 64, 1), 0); del buf530  # reuse
            # Topologically Sorted Source Nodes: [bmm_59], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf529, convert_element_type_1204, out=buf531)
            del convert_element_type_1204
            buf544 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1208, view_516, mul_474, convert_element_type_1212, permute_434, clone_110, view_525, view_526], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf531, buf544, 3145728, stream=stream0)
            buf547 = buf541; del buf541  # reuse
            # Topologically Sorted Source Nodes: [sum_157], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf544, buf547, 24576, 128, stream=stream0)
            buf548 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_157], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf547, buf548, 768, 32, stream=stream0)
            buf533 = reinterpret_tensor(buf531, (4096, 768), (768, 1), 0); del buf531  # reuse
            # Topologically Sorted Source Nodes: [mm_106], Original ATen: [aten.mm]
            extern_kernels.mm(buf532, permute_425, out=buf533)
            del permute_425
            buf539 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_108], Original ATen: [aten.mm]
            extern_kernels.mm(buf538, permute_430, out=buf539)
            del permute_430
            buf545 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_110], Original ATen: [aten.mm]
            extern_kernels.mm(buf544, permute_435, out=buf545)
            del permute_435
            buf554 = reinterpret_tensor(buf547, (768, 32), (1, 768), 0); del buf547  # reuse
            buf556 = buf514; del buf514  # reuse
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_481, sum_160, sum_161], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf513, buf533, buf539, buf545, mul_47, buf554, buf556, 24576, 128, stream=stream0)
            buf555 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_481, sum_160], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf554, buf555, 768, 32, stream=stream0)
            buf557 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, sum_161], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf556, buf557, 768, 32, stream=stream0)
            buf550 = buf513; del buf513  # reuse
            buf553 = buf550; del buf550  # reuse
            buf558 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_476, mul_477, sum_158, mul_478, sum_159, mul_479, sub_99, sub_100, mul_480, convert_element_type_1237, convert_element_type_1238, mul_482, mul_483], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf553, buf533, buf539, buf545, primals_55, mul_47, div_33, gt_9, buf558, 4096, 768, stream=stream0)
            del div_33
            del gt_9
            del mul_47
            del primals_55
            buf561 = reinterpret_tensor(buf556, (1, 768, 32), (24576, 1, 768), 0); del buf556  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, sum_162], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf558, buf561, 24576, 128, stream=stream0)
            buf562 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, sum_162], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf561, buf562, 768, 32, stream=stream0)
            buf559 = reinterpret_tensor(buf529, (4096, 3072), (3072, 1), 0); del buf529  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, mm_112], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf558, (4096, 768), (768, 1), 0), permute_439, out=buf559)
            del permute_439
            buf564 = reinterpret_tensor(buf559, (16, 256, 3072), (786432, 3072, 1), 0); del buf559  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf564, addmm_16, 12582912, stream=stream0)
            del addmm_16
            buf565 = buf545; del buf545  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, mm_114], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf564, (4096, 3072), (3072, 1), 0), permute_443, out=buf565)
            del permute_443
            buf573 = reinterpret_tensor(buf561, (768, 32), (1, 768), 0); del buf561  # reuse
            buf575 = buf554; del buf554  # reuse
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_497, sum_166, sum_167], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf553, buf565, mul_40, buf573, buf575, 24576, 128, stream=stream0)
            buf574 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_497, sum_166], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf573, buf574, 768, 32, stream=stream0)
            buf576 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, sum_167], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf575, buf576, 768, 32, stream=stream0)
            buf572 = buf553; del buf553  # reuse
            buf577 = reinterpret_tensor(buf539, (16, 256, 768), (196608, 768, 1), 0); del buf539  # reuse
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_492, mul_493, sum_164, mul_494, sum_165, mul_495, sub_102, sub_103, mul_496, convert_element_type_1257, convert_element_type_1258, mul_498, mul_499], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf572, buf565, primals_49, mul_40, div_34, gt_8, buf577, 4096, 768, stream=stream0)
            del div_34
            del gt_8
            del mul_40
            del primals_49
            buf580 = reinterpret_tensor(buf575, (1, 768, 32), (24576, 1, 768), 0); del buf575  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, sum_168], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf577, buf580, 24576, 128, stream=stream0)
            buf581 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, sum_168], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf580, buf581, 768, 32, stream=stream0)
            buf578 = buf565; del buf565  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, mm_116], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf577, (4096, 768), (768, 1), 0), permute_447, out=buf578)
            del permute_447
            buf584 = reinterpret_tensor(buf533, (192, 256, 64), (64, 12288, 1), 0); del buf533  # reuse
            # Topologically Sorted Source Nodes: [view_537, view_538, permute_451, convert_element_type_1266, clone_113, view_539, convert_element_type_1267], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf578, buf584, 3145728, stream=stream0)
            buf586 = reinterpret_tensor(buf524, (192, 256, 256), (65536, 256, 1), 0); del buf524  # reuse
            # Topologically Sorted Source Nodes: [bmm_61], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf584, convert_element_type_1271, out=buf586)
            del convert_element_type_1271
            buf583 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf588 = buf586; del buf586  # reuse
            # Topologically Sorted Source Nodes: [attn_output_6, permute_452, convert_element_type_1268, convert_element_type_1275, view_541, convert_element_type_1277, mul_500, mul_501, mul_502, sum_169, neg_10, fma_9, view_542, convert_element_type_1278], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf588, gt_7, where_5, buf583, 49152, 256, stream=stream0)
            del gt_7
            del where_5
            buf585 = reinterpret_tensor(buf578, (192, 256, 64), (16384, 64, 1), 0); del buf578  # reuse
            # Topologically Sorted Source Nodes: [view_537, view_538, permute_451, convert_element_type_1266, clone_113, view_539, attn_output_6, permute_452, convert_element_type_1267, convert_element_type_1268, bmm_60], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf583, buf584, out=buf585)
            buf591 = reinterpret_tensor(buf584, (4096, 768), (768, 1), 0); del buf584  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1276, view_540, convert_element_type_1288, permute_457, clone_115, view_545, view_546], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf585, buf591, 3145728, stream=stream0)
            buf594 = buf580; del buf580  # reuse
            # Topologically Sorted Source Nodes: [sum_170], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf591, buf594, 24576, 128, stream=stream0)
            buf595 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_170], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf594, buf595, 768, 32, stream=stream0)
            buf589 = reinterpret_tensor(buf585, (192, 64, 256), (16384, 256, 1), 0); del buf585  # reuse
            # Topologically Sorted Source Nodes: [bmm_62], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1279, buf588, out=buf589)
            del convert_element_type_1279
            buf597 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1287, view_543, mul_503, permute_456, convert_element_type_1289, permute_462, view_549, clone_116, view_550], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf589, buf597, 4096, 768, stream=stream0)
            buf600 = buf594; del buf594  # reuse
            # Topologically Sorted Source Nodes: [sum_171], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf597, buf600, 24576, 128, stream=stream0)
            buf601 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_171], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf600, buf601, 768, 32, stream=stream0)
            buf590 = reinterpret_tensor(buf589, (192, 256, 64), (16384, 64, 1), 0); del buf589  # reuse
            # Topologically Sorted Source Nodes: [bmm_63], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf588, convert_element_type_1282, out=buf590)
            del convert_element_type_1282
            buf603 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1286, view_544, mul_504, convert_element_type_1290, permute_467, clone_117, view_553, view_554], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf590, buf603, 3145728, stream=stream0)
            buf606 = buf600; del buf600  # reuse
            # Topologically Sorted Source Nodes: [sum_172], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf603, buf606, 24576, 128, stream=stream0)
            buf607 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_172], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf606, buf607, 768, 32, stream=stream0)
            buf592 = reinterpret_tensor(buf590, (4096, 768), (768, 1), 0); del buf590  # reuse
            # Topologically Sorted Source Nodes: [mm_118], Original ATen: [aten.mm]
            extern_kernels.mm(buf591, permute_458, out=buf592)
            del permute_458
            buf598 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_120], Original ATen: [aten.mm]
            extern_kernels.mm(buf597, permute_463, out=buf598)
            del permute_463
            buf604 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_122], Original ATen: [aten.mm]
            extern_kernels.mm(buf603, permute_468, out=buf604)
            del permute_468
            buf613 = reinterpret_tensor(buf606, (768, 32), (1, 768), 0); del buf606  # reuse
            buf615 = buf573; del buf573  # reuse
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_511, sum_175, sum_176], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf572, buf592, buf598, buf604, mul_32, buf613, buf615, 24576, 128, stream=stream0)
            buf614 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_511, sum_175], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf613, buf614, 768, 32, stream=stream0)
            buf616 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, sum_176], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf615, buf616, 768, 32, stream=stream0)
            buf609 = buf572; del buf572  # reuse
            buf612 = buf609; del buf609  # reuse
            buf617 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_506, mul_507, sum_173, mul_508, sum_174, mul_509, sub_105, sub_106, mul_510, convert_element_type_1315, convert_element_type_1316, mul_512, mul_513], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf612, buf592, buf598, buf604, primals_39, mul_32, div_35, gt_6, buf617, 4096, 768, stream=stream0)
            del div_35
            del gt_6
            del mul_32
            del primals_39
            buf620 = reinterpret_tensor(buf615, (1, 768, 32), (24576, 1, 768), 0); del buf615  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, sum_177], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf617, buf620, 24576, 128, stream=stream0)
            buf621 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, sum_177], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf620, buf621, 768, 32, stream=stream0)
            buf618 = reinterpret_tensor(buf588, (4096, 3072), (3072, 1), 0); del buf588  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, mm_124], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf617, (4096, 768), (768, 1), 0), permute_472, out=buf618)
            del permute_472
            buf623 = reinterpret_tensor(buf618, (16, 256, 3072), (786432, 3072, 1), 0); del buf618  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf623, addmm_10, 12582912, stream=stream0)
            del addmm_10
            buf624 = buf604; del buf604  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, mm_126], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf623, (4096, 3072), (3072, 1), 0), permute_476, out=buf624)
            del permute_476
            buf632 = reinterpret_tensor(buf620, (768, 32), (1, 768), 0); del buf620  # reuse
            buf634 = buf613; del buf613  # reuse
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_527, sum_181, sum_182], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf612, buf624, mul_25, buf632, buf634, 24576, 128, stream=stream0)
            buf633 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_527, sum_181], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf632, buf633, 768, 32, stream=stream0)
            buf635 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, sum_182], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf634, buf635, 768, 32, stream=stream0)
            buf631 = buf612; del buf612  # reuse
            buf636 = reinterpret_tensor(buf598, (16, 256, 768), (196608, 768, 1), 0); del buf598  # reuse
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_522, mul_523, sum_179, mul_524, sum_180, mul_525, sub_108, sub_109, mul_526, convert_element_type_1335, convert_element_type_1336, mul_528, mul_529], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf631, buf624, primals_33, mul_25, div_36, gt_5, buf636, 4096, 768, stream=stream0)
            del div_36
            del gt_5
            del mul_25
            del primals_33
            buf639 = reinterpret_tensor(buf634, (1, 768, 32), (24576, 1, 768), 0); del buf634  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, sum_183], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf636, buf639, 24576, 128, stream=stream0)
            buf640 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, sum_183], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf639, buf640, 768, 32, stream=stream0)
            buf637 = buf624; del buf624  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, mm_128], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf636, (4096, 768), (768, 1), 0), permute_480, out=buf637)
            del permute_480
            buf643 = reinterpret_tensor(buf592, (192, 256, 64), (64, 12288, 1), 0); del buf592  # reuse
            # Topologically Sorted Source Nodes: [view_565, view_566, permute_484, convert_element_type_1344, clone_120, view_567, convert_element_type_1345], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf637, buf643, 3145728, stream=stream0)
            buf645 = reinterpret_tensor(buf583, (192, 256, 256), (65536, 256, 1), 0); del buf583  # reuse
            # Topologically Sorted Source Nodes: [bmm_65], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf643, convert_element_type_1349, out=buf645)
            del convert_element_type_1349
            buf642 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf647 = buf645; del buf645  # reuse
            # Topologically Sorted Source Nodes: [attn_output_3, permute_485, convert_element_type_1346, convert_element_type_1353, view_569, convert_element_type_1355, mul_530, mul_531, mul_532, sum_184, neg_11, fma_10, view_570, convert_element_type_1356], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_14.run(buf647, gt_4, where_3, buf642, 49152, 256, stream=stream0)
            del gt_4
            del where_3
            buf644 = reinterpret_tensor(buf637, (192, 256, 64), (16384, 64, 1), 0); del buf637  # reuse
            # Topologically Sorted Source Nodes: [view_565, view_566, permute_484, convert_element_type_1344, clone_120, view_567, attn_output_3, permute_485, convert_element_type_1345, convert_element_type_1346, bmm_64], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf642, buf643, out=buf644)
            buf650 = reinterpret_tensor(buf643, (4096, 768), (768, 1), 0); del buf643  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1354, view_568, convert_element_type_1366, permute_490, clone_122, view_573, view_574], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf644, buf650, 3145728, stream=stream0)
            buf653 = buf639; del buf639  # reuse
            # Topologically Sorted Source Nodes: [sum_185], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf650, buf653, 24576, 128, stream=stream0)
            buf654 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_185], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf653, buf654, 768, 32, stream=stream0)
            buf648 = reinterpret_tensor(buf644, (192, 64, 256), (16384, 256, 1), 0); del buf644  # reuse
            # Topologically Sorted Source Nodes: [bmm_66], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1357, buf647, out=buf648)
            del convert_element_type_1357
            buf656 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1365, view_571, mul_533, permute_489, convert_element_type_1367, permute_495, view_577, clone_123, view_578], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf648, buf656, 4096, 768, stream=stream0)
            buf659 = buf653; del buf653  # reuse
            # Topologically Sorted Source Nodes: [sum_186], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf656, buf659, 24576, 128, stream=stream0)
            buf660 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_186], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf659, buf660, 768, 32, stream=stream0)
            buf649 = reinterpret_tensor(buf648, (192, 256, 64), (16384, 64, 1), 0); del buf648  # reuse
            # Topologically Sorted Source Nodes: [bmm_67], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf647, convert_element_type_1360, out=buf649)
            del convert_element_type_1360
            buf662 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1364, view_572, mul_534, convert_element_type_1368, permute_500, clone_124, view_581, view_582], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf649, buf662, 3145728, stream=stream0)
            buf665 = buf659; del buf659  # reuse
            # Topologically Sorted Source Nodes: [sum_187], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf662, buf665, 24576, 128, stream=stream0)
            buf666 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_187], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf665, buf666, 768, 32, stream=stream0)
            buf651 = reinterpret_tensor(buf649, (4096, 768), (768, 1), 0); del buf649  # reuse
            # Topologically Sorted Source Nodes: [mm_130], Original ATen: [aten.mm]
            extern_kernels.mm(buf650, permute_491, out=buf651)
            del permute_491
            buf657 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_132], Original ATen: [aten.mm]
            extern_kernels.mm(buf656, permute_496, out=buf657)
            del permute_496
            buf663 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_134], Original ATen: [aten.mm]
            extern_kernels.mm(buf662, permute_501, out=buf663)
            del permute_501
            buf672 = reinterpret_tensor(buf665, (768, 32), (1, 768), 0); del buf665  # reuse
            buf674 = buf632; del buf632  # reuse
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_541, sum_190, sum_191], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_18.run(buf631, buf651, buf657, buf663, mul_17, buf672, buf674, 24576, 128, stream=stream0)
            buf673 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_541, sum_190], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf672, buf673, 768, 32, stream=stream0)
            buf675 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, sum_191], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf674, buf675, 768, 32, stream=stream0)
            buf668 = buf631; del buf631  # reuse
            buf671 = buf668; del buf668  # reuse
            buf676 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_536, mul_537, sum_188, mul_538, sum_189, mul_539, sub_111, sub_112, mul_540, convert_element_type_1393, convert_element_type_1394, mul_542, mul_543], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_19.run(buf671, buf651, buf657, buf663, primals_23, mul_17, div_37, gt_3, buf676, 4096, 768, stream=stream0)
            del div_37
            del gt_3
            del mul_17
            del primals_23
            buf679 = reinterpret_tensor(buf674, (1, 768, 32), (24576, 1, 768), 0); del buf674  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, sum_192], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf676, buf679, 24576, 128, stream=stream0)
            buf680 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, sum_192], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf679, buf680, 768, 32, stream=stream0)
            buf677 = reinterpret_tensor(buf647, (4096, 3072), (3072, 1), 0); del buf647  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, mm_136], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf676, (4096, 768), (768, 1), 0), permute_505, out=buf677)
            del permute_505
            buf682 = reinterpret_tensor(buf677, (16, 256, 3072), (786432, 3072, 1), 0); del buf677  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf682, addmm_4, 12582912, stream=stream0)
            del addmm_4
            buf683 = buf663; del buf663  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, mm_138], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf682, (4096, 3072), (3072, 1), 0), permute_509, out=buf683)
            del permute_509
            buf691 = reinterpret_tensor(buf679, (768, 32), (1, 768), 0); del buf679  # reuse
            buf693 = buf672; del buf672  # reuse
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_557, sum_196, sum_197], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_11.run(buf671, buf683, mul_10, buf691, buf693, 24576, 128, stream=stream0)
            buf692 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_557, sum_196], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf691, buf692, 768, 32, stream=stream0)
            buf694 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, sum_197], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf693, buf694, 768, 32, stream=stream0)
            buf690 = buf671; del buf671  # reuse
            buf695 = reinterpret_tensor(buf657, (16, 256, 768), (196608, 768, 1), 0); del buf657  # reuse
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_552, mul_553, sum_194, mul_554, sum_195, mul_555, sub_114, sub_115, mul_556, convert_element_type_1413, convert_element_type_1414, mul_558, mul_559], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_12.run(buf690, buf683, primals_17, mul_10, div_38, gt_2, buf695, 4096, 768, stream=stream0)
            del div_38
            del gt_2
            del mul_10
            del primals_17
            buf698 = reinterpret_tensor(buf693, (1, 768, 32), (24576, 1, 768), 0); del buf693  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, sum_198], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf695, buf698, 24576, 128, stream=stream0)
            buf699 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, sum_198], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf698, buf699, 768, 32, stream=stream0)
            buf696 = buf683; del buf683  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, mm_140], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf695, (4096, 768), (768, 1), 0), permute_513, out=buf696)
            del permute_513
            buf703 = reinterpret_tensor(buf651, (192, 256, 64), (64, 12288, 1), 0); del buf651  # reuse
            # Topologically Sorted Source Nodes: [view_593, view_594, permute_517, convert_element_type_1422, clone_127, view_595, convert_element_type_1423], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_13.run(buf696, buf703, 3145728, stream=stream0)
            buf705 = reinterpret_tensor(buf642, (192, 256, 256), (65536, 256, 1), 0); del buf642  # reuse
            # Topologically Sorted Source Nodes: [bmm_69], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf703, convert_element_type_1427, out=buf705)
            del convert_element_type_1427
            buf701 = reinterpret_tensor(bmm, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del bmm  # reuse
            buf702 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf707 = buf705; del buf705  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, permute_518, convert_element_type_1424, convert_element_type_1431, view_597, convert_element_type_1433, mul_560, mul_561, mul_562, sum_199, neg_12, fma_11, view_598, convert_element_type_1434], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten.view, aten.add, aten._safe_softmax, aten.native_dropout, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_20.run(buf701, buf707, logical_not_1, ge, amax, sum_1, gt_1, buf702, 49152, 256, stream=stream0)
            del amax
            del buf701
            del ge
            del gt_1
            del logical_not_1
            del sum_1
            buf704 = reinterpret_tensor(buf696, (192, 256, 64), (16384, 64, 1), 0); del buf696  # reuse
            # Topologically Sorted Source Nodes: [view_593, view_594, permute_517, convert_element_type_1422, clone_127, view_595, attn_output, permute_518, convert_element_type_1423, convert_element_type_1424, bmm_68], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf702, buf703, out=buf704)
            del buf702
            buf710 = reinterpret_tensor(buf703, (4096, 768), (768, 1), 0); del buf703  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1432, view_596, convert_element_type_1444, permute_523, clone_129, view_601, view_602], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf704, buf710, 3145728, stream=stream0)
            buf713 = buf698; del buf698  # reuse
            # Topologically Sorted Source Nodes: [sum_200], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf710, buf713, 24576, 128, stream=stream0)
            buf714 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_200], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf713, buf714, 768, 32, stream=stream0)
            buf708 = reinterpret_tensor(buf704, (192, 64, 256), (16384, 256, 1), 0); del buf704  # reuse
            # Topologically Sorted Source Nodes: [bmm_70], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1435, buf707, out=buf708)
            del convert_element_type_1435
            buf716 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1443, view_599, mul_563, permute_522, convert_element_type_1445, permute_528, view_605, clone_130, view_606], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_16.run(buf708, buf716, 4096, 768, stream=stream0)
            buf719 = buf713; del buf713  # reuse
            # Topologically Sorted Source Nodes: [sum_201], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf716, buf719, 24576, 128, stream=stream0)
            buf720 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_201], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf719, buf720, 768, 32, stream=stream0)
            buf709 = reinterpret_tensor(buf708, (192, 256, 64), (16384, 64, 1), 0); del buf708  # reuse
            # Topologically Sorted Source Nodes: [bmm_71], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf707, convert_element_type_1438, out=buf709)
            del buf707
            del convert_element_type_1438
            buf722 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_1442, view_600, mul_564, convert_element_type_1446, permute_533, clone_131, view_609, view_610], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_17.run(buf709, buf722, 3145728, stream=stream0)
            buf725 = buf719; del buf719  # reuse
            # Topologically Sorted Source Nodes: [sum_202], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_7.run(buf722, buf725, 24576, 128, stream=stream0)
            buf726 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_202], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf725, buf726, 768, 32, stream=stream0)
            buf711 = reinterpret_tensor(buf709, (4096, 768), (768, 1), 0); del buf709  # reuse
            # Topologically Sorted Source Nodes: [mm_142], Original ATen: [aten.mm]
            extern_kernels.mm(buf710, permute_524, out=buf711)
            del permute_524
            buf717 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_144], Original ATen: [aten.mm]
            extern_kernels.mm(buf716, permute_529, out=buf717)
            del permute_529
            buf723 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [mm_146], Original ATen: [aten.mm]
            extern_kernels.mm(buf722, permute_534, out=buf723)
            del permute_534
            buf741 = empty_strided_cuda((30522, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_46], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_21.run(buf741, 23440896, stream=stream0)
            buf728 = buf690; del buf690  # reuse
            buf731 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [masked_lm_loss, view_604, convert_element_type_1452, add_177, view_608, convert_element_type_1460, add_178, view_612, convert_element_type_1468, add_179, convert_element_type_1471, mul_565, mul_566, mul_568, mul_569, sum_203, mul_570, sum_204, mul_571, sub_117, sub_118, mul_572, token_type_ids, eq_13, unsqueeze_6, where_29, full_default_44, index_put_1, eq_14, unsqueeze_7, where_30, full_default_46, index_put_2], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.native_dropout_backward, aten.native_layer_norm_backward, aten.expand, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_22.run(buf728, buf711, buf717, buf723, gt, primals_7, mul, div_39, gather, primals_1, buf731, buf739, buf741, 4096, 768, stream=stream0)
            del buf711
            del buf717
            del buf723
            del div_39
            del gather
            del gt
            del primals_1
            del primals_7
            buf732 = reinterpret_tensor(buf725, (768, 32), (1, 768), 0); del buf725  # reuse
            buf734 = buf691; del buf691  # reuse
            # Topologically Sorted Source Nodes: [mul_573, sum_205, sum_206], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_23.run(buf728, mul, buf732, buf734, 24576, 128, stream=stream0)
            del buf728
            del mul
            buf733 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [mul_573, sum_205], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf732, buf733, 768, 32, stream=stream0)
            del buf732
            buf735 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_206], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_5.run(buf734, buf735, 768, 32, stream=stream0)
            del buf734
            buf36 = empty_strided_cuda((1, 3072, 32), (98304, 1, 3072), torch.float32)
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf33, buf36, 98304, 128, stream=stream0)
            buf37 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf36, buf37, 3072, 32, stream=stream0)
            buf95 = buf36; del buf36  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, sum_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf92, buf95, 98304, 128, stream=stream0)
            buf96 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, sum_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf95, buf96, 3072, 32, stream=stream0)
            buf154 = buf95; del buf95  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, sum_58], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf151, buf154, 98304, 128, stream=stream0)
            buf155 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, sum_58], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf154, buf155, 3072, 32, stream=stream0)
            buf213 = buf154; del buf154  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, sum_73], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf210, buf213, 98304, 128, stream=stream0)
            buf214 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, sum_73], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf213, buf214, 3072, 32, stream=stream0)
            buf272 = buf213; del buf213  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, sum_88], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf269, buf272, 98304, 128, stream=stream0)
            buf273 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, sum_88], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf272, buf273, 3072, 32, stream=stream0)
            buf331 = buf272; del buf272  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, sum_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf328, buf331, 98304, 128, stream=stream0)
            buf332 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, sum_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf331, buf332, 3072, 32, stream=stream0)
            buf390 = buf331; del buf331  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, sum_118], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf387, buf390, 98304, 128, stream=stream0)
            buf391 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, sum_118], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf390, buf391, 3072, 32, stream=stream0)
            buf449 = buf390; del buf390  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, sum_133], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf446, buf449, 98304, 128, stream=stream0)
            buf450 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, sum_133], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf449, buf450, 3072, 32, stream=stream0)
            buf508 = buf449; del buf449  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, sum_148], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf505, buf508, 98304, 128, stream=stream0)
            buf509 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, sum_148], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf508, buf509, 3072, 32, stream=stream0)
            buf567 = buf508; del buf508  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, sum_163], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf564, buf567, 98304, 128, stream=stream0)
            buf568 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, sum_163], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf567, buf568, 3072, 32, stream=stream0)
            buf626 = buf567; del buf567  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, sum_178], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf623, buf626, 98304, 128, stream=stream0)
            buf627 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, sum_178], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf626, buf627, 3072, 32, stream=stream0)
            buf685 = buf626; del buf626  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, sum_193], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_24.run(buf682, buf685, 98304, 128, stream=stream0)
            buf686 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, sum_193], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_25.run(buf685, buf686, 3072, 32, stream=stream0)
            del buf685
            buf737 = empty_strided_cuda((512, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_42], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_26.run(buf737, 393216, stream=stream0)
            buf16 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [permute_139, mm_3], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf14, (768, 4096), (1, 768), 0), view_264, out=buf16)
            del buf14
            del view_264
            buf19 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_533], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf16, buf19, 589824, stream=stream0)
            buf48 = buf16; del buf16  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, permute_151, mm_9], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf46, (768, 4096), (1, 768), 0), view_258, out=buf48)
            del buf46
            del view_258
            buf51 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_562], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf48, buf51, 589824, stream=stream0)
            buf62 = buf48; del buf48  # reuse
            # Topologically Sorted Source Nodes: [permute_162, mm_11], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf60, (768, 4096), (1, 768), 0), view_242, out=buf62)
            del buf60
            buf65 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_595], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf62, buf65, 589824, stream=stream0)
            buf68 = buf62; del buf62  # reuse
            # Topologically Sorted Source Nodes: [permute_167, mm_13], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf66, (768, 4096), (1, 768), 0), view_242, out=buf68)
            del buf66
            buf71 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_603], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf68, buf71, 589824, stream=stream0)
            buf74 = buf68; del buf68  # reuse
            # Topologically Sorted Source Nodes: [permute_172, mm_15], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf72, (768, 4096), (1, 768), 0), view_242, out=buf74)
            del buf72
            del view_242
            buf77 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_611], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf74, buf77, 589824, stream=stream0)
            buf107 = buf74; del buf74  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, permute_184, mm_21], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf105, (768, 4096), (1, 768), 0), view_236, out=buf107)
            del buf105
            del view_236
            buf110 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_640], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf107, buf110, 589824, stream=stream0)
            buf121 = buf107; del buf107  # reuse
            # Topologically Sorted Source Nodes: [permute_195, mm_23], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf119, (768, 4096), (1, 768), 0), view_220, out=buf121)
            del buf119
            buf124 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_673], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf121, buf124, 589824, stream=stream0)
            buf127 = buf121; del buf121  # reuse
            # Topologically Sorted Source Nodes: [permute_200, mm_25], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf125, (768, 4096), (1, 768), 0), view_220, out=buf127)
            del buf125
            buf130 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_681], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf127, buf130, 589824, stream=stream0)
            buf133 = buf127; del buf127  # reuse
            # Topologically Sorted Source Nodes: [permute_205, mm_27], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf131, (768, 4096), (1, 768), 0), view_220, out=buf133)
            del buf131
            del view_220
            buf136 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_689], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf133, buf136, 589824, stream=stream0)
            buf166 = buf133; del buf133  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, permute_217, mm_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf164, (768, 4096), (1, 768), 0), view_214, out=buf166)
            del buf164
            del view_214
            buf169 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_718], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf166, buf169, 589824, stream=stream0)
            buf180 = buf166; del buf166  # reuse
            # Topologically Sorted Source Nodes: [permute_228, mm_35], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf178, (768, 4096), (1, 768), 0), view_198, out=buf180)
            del buf178
            buf183 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_751], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf180, buf183, 589824, stream=stream0)
            buf186 = buf180; del buf180  # reuse
            # Topologically Sorted Source Nodes: [permute_233, mm_37], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf184, (768, 4096), (1, 768), 0), view_198, out=buf186)
            del buf184
            buf189 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_759], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf186, buf189, 589824, stream=stream0)
            buf192 = buf186; del buf186  # reuse
            # Topologically Sorted Source Nodes: [permute_238, mm_39], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf190, (768, 4096), (1, 768), 0), view_198, out=buf192)
            del buf190
            del view_198
            buf195 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_767], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf192, buf195, 589824, stream=stream0)
            buf225 = buf192; del buf192  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, permute_250, mm_45], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf223, (768, 4096), (1, 768), 0), view_192, out=buf225)
            del buf223
            del view_192
            buf228 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_796], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf225, buf228, 589824, stream=stream0)
            buf239 = buf225; del buf225  # reuse
            # Topologically Sorted Source Nodes: [permute_261, mm_47], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf237, (768, 4096), (1, 768), 0), view_176, out=buf239)
            del buf237
            buf242 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_829], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf239, buf242, 589824, stream=stream0)
            buf245 = buf239; del buf239  # reuse
            # Topologically Sorted Source Nodes: [permute_266, mm_49], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf243, (768, 4096), (1, 768), 0), view_176, out=buf245)
            del buf243
            buf248 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_837], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf245, buf248, 589824, stream=stream0)
            buf251 = buf245; del buf245  # reuse
            # Topologically Sorted Source Nodes: [permute_271, mm_51], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf249, (768, 4096), (1, 768), 0), view_176, out=buf251)
            del buf249
            del view_176
            buf254 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_845], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf251, buf254, 589824, stream=stream0)
            buf284 = buf251; del buf251  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, permute_283, mm_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf282, (768, 4096), (1, 768), 0), view_170, out=buf284)
            del buf282
            del view_170
            buf287 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_874], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf284, buf287, 589824, stream=stream0)
            buf298 = buf284; del buf284  # reuse
            # Topologically Sorted Source Nodes: [permute_294, mm_59], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf296, (768, 4096), (1, 768), 0), view_154, out=buf298)
            del buf296
            buf301 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_907], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf298, buf301, 589824, stream=stream0)
            buf304 = buf298; del buf298  # reuse
            # Topologically Sorted Source Nodes: [permute_299, mm_61], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf302, (768, 4096), (1, 768), 0), view_154, out=buf304)
            del buf302
            buf307 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_915], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf304, buf307, 589824, stream=stream0)
            buf310 = buf304; del buf304  # reuse
            # Topologically Sorted Source Nodes: [permute_304, mm_63], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf308, (768, 4096), (1, 768), 0), view_154, out=buf310)
            del buf308
            del view_154
            buf313 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_923], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf310, buf313, 589824, stream=stream0)
            buf343 = buf310; del buf310  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, permute_316, mm_69], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf341, (768, 4096), (1, 768), 0), view_148, out=buf343)
            del buf341
            del view_148
            buf346 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_952], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf343, buf346, 589824, stream=stream0)
            buf357 = buf343; del buf343  # reuse
            # Topologically Sorted Source Nodes: [permute_327, mm_71], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf355, (768, 4096), (1, 768), 0), view_132, out=buf357)
            del buf355
            buf360 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_985], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf357, buf360, 589824, stream=stream0)
            buf363 = buf357; del buf357  # reuse
            # Topologically Sorted Source Nodes: [permute_332, mm_73], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf361, (768, 4096), (1, 768), 0), view_132, out=buf363)
            del buf361
            buf366 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_993], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf363, buf366, 589824, stream=stream0)
            buf369 = buf363; del buf363  # reuse
            # Topologically Sorted Source Nodes: [permute_337, mm_75], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf367, (768, 4096), (1, 768), 0), view_132, out=buf369)
            del buf367
            del view_132
            buf372 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1001], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf369, buf372, 589824, stream=stream0)
            buf402 = buf369; del buf369  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, permute_349, mm_81], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf400, (768, 4096), (1, 768), 0), view_126, out=buf402)
            del buf400
            del view_126
            buf405 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1030], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf402, buf405, 589824, stream=stream0)
            buf416 = buf402; del buf402  # reuse
            # Topologically Sorted Source Nodes: [permute_360, mm_83], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf414, (768, 4096), (1, 768), 0), view_110, out=buf416)
            del buf414
            buf419 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1063], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf416, buf419, 589824, stream=stream0)
            buf422 = buf416; del buf416  # reuse
            # Topologically Sorted Source Nodes: [permute_365, mm_85], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf420, (768, 4096), (1, 768), 0), view_110, out=buf422)
            del buf420
            buf425 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1071], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf422, buf425, 589824, stream=stream0)
            buf428 = buf422; del buf422  # reuse
            # Topologically Sorted Source Nodes: [permute_370, mm_87], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf426, (768, 4096), (1, 768), 0), view_110, out=buf428)
            del buf426
            del view_110
            buf431 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1079], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf428, buf431, 589824, stream=stream0)
            buf461 = buf428; del buf428  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, permute_382, mm_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf459, (768, 4096), (1, 768), 0), view_104, out=buf461)
            del buf459
            del view_104
            buf464 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1108], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf461, buf464, 589824, stream=stream0)
            buf475 = buf461; del buf461  # reuse
            # Topologically Sorted Source Nodes: [permute_393, mm_95], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf473, (768, 4096), (1, 768), 0), view_88, out=buf475)
            del buf473
            buf478 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1141], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf475, buf478, 589824, stream=stream0)
            buf481 = buf475; del buf475  # reuse
            # Topologically Sorted Source Nodes: [permute_398, mm_97], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf479, (768, 4096), (1, 768), 0), view_88, out=buf481)
            del buf479
            buf484 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1149], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf481, buf484, 589824, stream=stream0)
            buf487 = buf481; del buf481  # reuse
            # Topologically Sorted Source Nodes: [permute_403, mm_99], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf485, (768, 4096), (1, 768), 0), view_88, out=buf487)
            del buf485
            del view_88
            buf490 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1157], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf487, buf490, 589824, stream=stream0)
            buf520 = buf487; del buf487  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, permute_415, mm_105], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf518, (768, 4096), (1, 768), 0), view_82, out=buf520)
            del buf518
            del view_82
            buf523 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1186], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf520, buf523, 589824, stream=stream0)
            buf534 = buf520; del buf520  # reuse
            # Topologically Sorted Source Nodes: [permute_426, mm_107], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf532, (768, 4096), (1, 768), 0), view_66, out=buf534)
            del buf532
            buf537 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1219], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf534, buf537, 589824, stream=stream0)
            buf540 = buf534; del buf534  # reuse
            # Topologically Sorted Source Nodes: [permute_431, mm_109], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf538, (768, 4096), (1, 768), 0), view_66, out=buf540)
            del buf538
            buf543 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1227], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf540, buf543, 589824, stream=stream0)
            buf546 = buf540; del buf540  # reuse
            # Topologically Sorted Source Nodes: [permute_436, mm_111], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf544, (768, 4096), (1, 768), 0), view_66, out=buf546)
            del buf544
            del view_66
            buf549 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1235], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf546, buf549, 589824, stream=stream0)
            buf579 = buf546; del buf546  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, permute_448, mm_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf577, (768, 4096), (1, 768), 0), view_60, out=buf579)
            del buf577
            del view_60
            buf582 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1264], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf579, buf582, 589824, stream=stream0)
            buf593 = buf579; del buf579  # reuse
            # Topologically Sorted Source Nodes: [permute_459, mm_119], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf591, (768, 4096), (1, 768), 0), view_44, out=buf593)
            del buf591
            buf596 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1297], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf593, buf596, 589824, stream=stream0)
            buf599 = buf593; del buf593  # reuse
            # Topologically Sorted Source Nodes: [permute_464, mm_121], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf597, (768, 4096), (1, 768), 0), view_44, out=buf599)
            del buf597
            buf602 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1305], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf599, buf602, 589824, stream=stream0)
            buf605 = buf599; del buf599  # reuse
            # Topologically Sorted Source Nodes: [permute_469, mm_123], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf603, (768, 4096), (1, 768), 0), view_44, out=buf605)
            del buf603
            del view_44
            buf608 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1313], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf605, buf608, 589824, stream=stream0)
            buf638 = buf605; del buf605  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, permute_481, mm_129], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf636, (768, 4096), (1, 768), 0), view_38, out=buf638)
            del buf636
            del view_38
            buf641 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1342], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf638, buf641, 589824, stream=stream0)
            buf652 = buf638; del buf638  # reuse
            # Topologically Sorted Source Nodes: [permute_492, mm_131], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf650, (768, 4096), (1, 768), 0), view_22, out=buf652)
            del buf650
            buf655 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1375], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf652, buf655, 589824, stream=stream0)
            buf658 = buf652; del buf652  # reuse
            # Topologically Sorted Source Nodes: [permute_497, mm_133], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf656, (768, 4096), (1, 768), 0), view_22, out=buf658)
            del buf656
            buf661 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1383], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf658, buf661, 589824, stream=stream0)
            buf664 = buf658; del buf658  # reuse
            # Topologically Sorted Source Nodes: [permute_502, mm_135], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf662, (768, 4096), (1, 768), 0), view_22, out=buf664)
            del buf662
            del view_22
            buf667 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1391], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf664, buf667, 589824, stream=stream0)
            buf697 = buf664; del buf664  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, permute_514, mm_141], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf695, (768, 4096), (1, 768), 0), view_16, out=buf697)
            del buf695
            del view_16
            buf700 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1420], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf697, buf700, 589824, stream=stream0)
            buf712 = buf697; del buf697  # reuse
            # Topologically Sorted Source Nodes: [permute_525, mm_143], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf710, (768, 4096), (1, 768), 0), view, out=buf712)
            del buf710
            buf715 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1453], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf712, buf715, 589824, stream=stream0)
            buf718 = buf712; del buf712  # reuse
            # Topologically Sorted Source Nodes: [permute_530, mm_145], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf716, (768, 4096), (1, 768), 0), view, out=buf718)
            del buf716
            buf721 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1461], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf718, buf721, 589824, stream=stream0)
            buf724 = buf718; del buf718  # reuse
            # Topologically Sorted Source Nodes: [permute_535, mm_147], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf722, (768, 4096), (1, 768), 0), view, out=buf724)
            del buf722
            del view
            buf727 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1469], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_27.run(buf724, buf727, 589824, stream=stream0)
            del buf724
            buf29 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, permute_143, mm_5], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf27, (768, 4096), (1, 768), 0), view_262, out=buf29)
            del buf27
            del view_262
            buf32 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_542], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf29, buf32, 2359296, stream=stream0)
            buf35 = reinterpret_tensor(buf29, (3072, 768), (768, 1), 0); del buf29  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, permute_147, mm_7], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf33, (3072, 4096), (1, 3072), 0), view_260, out=buf35)
            del buf33
            del view_260
            buf38 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_553], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf35, buf38, 2359296, stream=stream0)
            buf88 = reinterpret_tensor(buf35, (768, 3072), (3072, 1), 0); del buf35  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, permute_176, mm_17], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf86, (768, 4096), (1, 768), 0), view_240, out=buf88)
            del buf86
            del view_240
            buf91 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_620], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf88, buf91, 2359296, stream=stream0)
            buf94 = reinterpret_tensor(buf88, (3072, 768), (768, 1), 0); del buf88  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, permute_180, mm_19], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf92, (3072, 4096), (1, 3072), 0), view_238, out=buf94)
            del buf92
            del view_238
            buf97 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_631], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf94, buf97, 2359296, stream=stream0)
            buf147 = reinterpret_tensor(buf94, (768, 3072), (3072, 1), 0); del buf94  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, permute_209, mm_29], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf145, (768, 4096), (1, 768), 0), view_218, out=buf147)
            del buf145
            del view_218
            buf150 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_698], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf147, buf150, 2359296, stream=stream0)
            buf153 = reinterpret_tensor(buf147, (3072, 768), (768, 1), 0); del buf147  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, permute_213, mm_31], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf151, (3072, 4096), (1, 3072), 0), view_216, out=buf153)
            del buf151
            del view_216
            buf156 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_709], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf153, buf156, 2359296, stream=stream0)
            buf206 = reinterpret_tensor(buf153, (768, 3072), (3072, 1), 0); del buf153  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, permute_242, mm_41], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf204, (768, 4096), (1, 768), 0), view_196, out=buf206)
            del buf204
            del view_196
            buf209 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_776], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf206, buf209, 2359296, stream=stream0)
            buf212 = reinterpret_tensor(buf206, (3072, 768), (768, 1), 0); del buf206  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, permute_246, mm_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf210, (3072, 4096), (1, 3072), 0), view_194, out=buf212)
            del buf210
            del view_194
            buf215 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_787], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf212, buf215, 2359296, stream=stream0)
            buf265 = reinterpret_tensor(buf212, (768, 3072), (3072, 1), 0); del buf212  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, permute_275, mm_53], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf263, (768, 4096), (1, 768), 0), view_174, out=buf265)
            del buf263
            del view_174
            buf268 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_854], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf265, buf268, 2359296, stream=stream0)
            buf271 = reinterpret_tensor(buf265, (3072, 768), (768, 1), 0); del buf265  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, permute_279, mm_55], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf269, (3072, 4096), (1, 3072), 0), view_172, out=buf271)
            del buf269
            del view_172
            buf274 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_865], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf271, buf274, 2359296, stream=stream0)
            buf324 = reinterpret_tensor(buf271, (768, 3072), (3072, 1), 0); del buf271  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, permute_308, mm_65], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf322, (768, 4096), (1, 768), 0), view_152, out=buf324)
            del buf322
            del view_152
            buf327 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_932], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf324, buf327, 2359296, stream=stream0)
            buf330 = reinterpret_tensor(buf324, (3072, 768), (768, 1), 0); del buf324  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, permute_312, mm_67], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf328, (3072, 4096), (1, 3072), 0), view_150, out=buf330)
            del buf328
            del view_150
            buf333 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_943], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf330, buf333, 2359296, stream=stream0)
            buf383 = reinterpret_tensor(buf330, (768, 3072), (3072, 1), 0); del buf330  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, permute_341, mm_77], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf381, (768, 4096), (1, 768), 0), view_130, out=buf383)
            del buf381
            del view_130
            buf386 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1010], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf383, buf386, 2359296, stream=stream0)
            buf389 = reinterpret_tensor(buf383, (3072, 768), (768, 1), 0); del buf383  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, permute_345, mm_79], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf387, (3072, 4096), (1, 3072), 0), view_128, out=buf389)
            del buf387
            del view_128
            buf392 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1021], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf389, buf392, 2359296, stream=stream0)
            buf442 = reinterpret_tensor(buf389, (768, 3072), (3072, 1), 0); del buf389  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, permute_374, mm_89], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf440, (768, 4096), (1, 768), 0), view_108, out=buf442)
            del buf440
            del view_108
            buf445 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1088], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf442, buf445, 2359296, stream=stream0)
            buf448 = reinterpret_tensor(buf442, (3072, 768), (768, 1), 0); del buf442  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, permute_378, mm_91], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf446, (3072, 4096), (1, 3072), 0), view_106, out=buf448)
            del buf446
            del view_106
            buf451 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1099], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf448, buf451, 2359296, stream=stream0)
            buf501 = reinterpret_tensor(buf448, (768, 3072), (3072, 1), 0); del buf448  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, permute_407, mm_101], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf499, (768, 4096), (1, 768), 0), view_86, out=buf501)
            del buf499
            del view_86
            buf504 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1166], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf501, buf504, 2359296, stream=stream0)
            buf507 = reinterpret_tensor(buf501, (3072, 768), (768, 1), 0); del buf501  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, permute_411, mm_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf505, (3072, 4096), (1, 3072), 0), view_84, out=buf507)
            del buf505
            del view_84
            buf510 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1177], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf507, buf510, 2359296, stream=stream0)
            buf560 = reinterpret_tensor(buf507, (768, 3072), (3072, 1), 0); del buf507  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, permute_440, mm_113], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf558, (768, 4096), (1, 768), 0), view_64, out=buf560)
            del buf558
            del view_64
            buf563 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1244], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf560, buf563, 2359296, stream=stream0)
            buf566 = reinterpret_tensor(buf560, (3072, 768), (768, 1), 0); del buf560  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, permute_444, mm_115], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf564, (3072, 4096), (1, 3072), 0), view_62, out=buf566)
            del buf564
            del view_62
            buf569 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1255], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf566, buf569, 2359296, stream=stream0)
            buf619 = reinterpret_tensor(buf566, (768, 3072), (3072, 1), 0); del buf566  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, permute_473, mm_125], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf617, (768, 4096), (1, 768), 0), view_42, out=buf619)
            del buf617
            del view_42
            buf622 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1322], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf619, buf622, 2359296, stream=stream0)
            buf625 = reinterpret_tensor(buf619, (3072, 768), (768, 1), 0); del buf619  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, permute_477, mm_127], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf623, (3072, 4096), (1, 3072), 0), view_40, out=buf625)
            del buf623
            del view_40
            buf628 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1333], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf625, buf628, 2359296, stream=stream0)
            buf678 = reinterpret_tensor(buf625, (768, 3072), (3072, 1), 0); del buf625  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, permute_506, mm_137], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf676, (768, 4096), (1, 768), 0), view_20, out=buf678)
            del buf676
            del view_20
            buf681 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1400], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf678, buf681, 2359296, stream=stream0)
            buf684 = reinterpret_tensor(buf678, (3072, 768), (768, 1), 0); del buf678  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, permute_510, mm_139], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf682, (3072, 4096), (1, 3072), 0), view_18, out=buf684)
            del buf682
            del view_18
            buf687 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1411], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_28.run(buf684, buf687, 2359296, stream=stream0)
            del buf684
            # Topologically Sorted Source Nodes: [masked_lm_loss, sum_207, position_ids, eq_12, unsqueeze_5, where_28, full_default_42, index_put], Original ATen: [aten.nll_loss_forward, aten.sum, aten.slice, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_29.run(buf731, primals_2, buf737, 196608, 16, stream=stream0)
            del buf731
            del primals_2
            buf5 = empty_strided_cuda((30522, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_271, permute_135, mm_1], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf1, (30522, 4096), (1, 30528), 0), view_266, out=buf5)
            del view_266
            buf743 = empty_strided_cuda((30522, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_521, add_180], Original ATen: [aten._to_copy, aten.add]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_30.run(buf5, buf741, buf743, 23440896, stream=stream0)
            del buf5
            del buf741
            buf6 = empty_strided_cuda((1, 30522), (30522, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_271, sum_17], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_31.run(buf1, buf6, 30522, 4096, stream=stream0)
            del buf1
        return (None, None, None, buf743, buf739, buf737, buf733, buf735, buf727, reinterpret_tensor(buf726, (768, ), (1, ), 0), buf721, reinterpret_tensor(buf720, (768, ), (1, ), 0), buf715, reinterpret_tensor(buf714, (768, ), (1, ), 0), buf700, reinterpret_tensor(buf699, (768, ), (1, ), 0), buf692, buf694, buf687, reinterpret_tensor(buf686, (3072, ), (1, ), 0), buf681, reinterpret_tensor(buf680, (768, ), (1, ), 0), buf673, buf675, buf667, reinterpret_tensor(buf666, (768, ), (1, ), 0), buf661, reinterpret_tensor(buf660, (768, ), (1, ), 0), buf655, reinterpret_tensor(buf654, (768, ), (1, ), 0), buf641, reinterpret_tensor(buf640, (768, ), (1, ), 0), buf633, buf635, buf628, reinterpret_tensor(buf627, (3072, ), (1, ), 0), buf622, reinterpret_tensor(buf621, (768, ), (1, ), 0), buf614, buf616, buf608, reinterpret_tensor(buf607, (768, ), (1, ), 0), buf602, reinterpret_tensor(buf601, (768, ), (1, ), 0), buf596, reinterpret_tensor(buf595, (768, ), (1, ), 0), buf582, reinterpret_tensor(buf581, (768, ), (1, ), 0), buf574, buf576, buf569, reinterpret_tensor(buf568, (3072, ), (1, ), 0), buf563, reinterpret_tensor(buf562, (768, ), (1, ), 0), buf555, buf557, buf549, reinterpret_tensor(buf548, (768, ), (1, ), 0), buf543, reinterpret_tensor(buf542, (768, ), (1, ), 0), buf537, reinterpret_tensor(buf536, (768, ), (1, ), 0), buf523, reinterpret_tensor(buf522, (768, ), (1, ), 0), buf515, buf517, buf510, reinterpret_tensor(buf509, (3072, ), (1, ), 0), buf504, reinterpret_tensor(buf503, (768, ), (1, ), 0), buf496, buf498, buf490, reinterpret_tensor(buf489, (768, ), (1, ), 0), buf484, reinterpret_tensor(buf483, (768, ), (1, ), 0), buf478, reinterpret_tensor(buf477, (768, ), (1, ), 0), buf464, reinterpret_tensor(buf463, (768, ), (1, ), 0), buf456, buf458, buf451, reinterpret_tensor(buf450, (3072, ), (1, ), 0), buf445, reinterpret_tensor(buf444, (768, ), (1, ), 0), buf437, buf439, buf431, reinterpret_tensor(buf430, (768, ), (1, ), 0), buf425, reinterpret_tensor(buf424, (768, ), (1, ), 0), buf419, reinterpret_tensor(buf418, (768, ), (1, ), 0), buf405, reinterpret_tensor(buf404, (768, ), (1, ), 0), buf397, buf399, buf392, reinterpret_tensor(buf391, (3072, ), (1, ), 0), buf386, reinterpret_tensor(buf385, (768, ), (1, ), 0), buf378, buf380, buf372, reinterpret_tensor(buf371, (768, ), (1, ), 0), buf366, reinterpret_tensor(buf365, (768, ), (1, ), 0), buf360, reinterpret_tensor(buf359, (768, ), (1, ), 0), buf346, reinterpret_tensor(buf345, (768, ), (1, ), 0), buf338, buf340, buf333, reinterpret_tensor(buf332, (3072, ), (1, ), 0), buf327, reinterpret_tensor(buf326, (768, ), (1, ), 0), buf319, buf321, buf313, reinterpret_tensor(buf312, (768, ), (1, ), 0), buf307, reinterpret_tensor(buf306, (768, ), (1, ), 0), buf301, reinterpret_tensor(buf300, (768, ), (1, ), 0), buf287, reinterpret_tensor(buf286, (768, ), (1, ), 0), buf279, buf281, buf274, reinterpret_tensor(buf273, (3072, ), (1, ), 0), buf268, reinterpret_tensor(buf267, (768, ), (1, ), 0), buf260, buf262, buf254, reinterpret_tensor(buf253, (768, ), (1, ), 0), buf248, reinterpret_tensor(buf247, (768, ), (1, ), 0), buf242, reinterpret_tensor(buf241, (768, ), (1, ), 0), buf228, reinterpret_tensor(buf227, (768, ), (1, ), 0), buf220, buf222, buf215, reinterpret_tensor(buf214, (3072, ), (1, ), 0), buf209, reinterpret_tensor(buf208, (768, ), (1, ), 0), buf201, buf203, buf195, reinterpret_tensor(buf194, (768, ), (1, ), 0), buf189, reinterpret_tensor(buf188, (768, ), (1, ), 0), buf183, reinterpret_tensor(buf182, (768, ), (1, ), 0), buf169, reinterpret_tensor(buf168, (768, ), (1, ), 0), buf161, buf163, buf156, reinterpret_tensor(buf155, (3072, ), (1, ), 0), buf150, reinterpret_tensor(buf149, (768, ), (1, ), 0), buf142, buf144, buf136, reinterpret_tensor(buf135, (768, ), (1, ), 0), buf130, reinterpret_tensor(buf129, (768, ), (1, ), 0), buf124, reinterpret_tensor(buf123, (768, ), (1, ), 0), buf110, reinterpret_tensor(buf109, (768, ), (1, ), 0), buf102, buf104, buf97, reinterpret_tensor(buf96, (3072, ), (1, ), 0), buf91, reinterpret_tensor(buf90, (768, ), (1, ), 0), buf83, buf85, buf77, reinterpret_tensor(buf76, (768, ), (1, ), 0), buf71, reinterpret_tensor(buf70, (768, ), (1, ), 0), buf65, reinterpret_tensor(buf64, (768, ), (1, ), 0), buf51, reinterpret_tensor(buf50, (768, ), (1, ), 0), buf43, buf45, buf38, reinterpret_tensor(buf37, (3072, ), (1, ), 0), buf32, reinterpret_tensor(buf31, (768, ), (1, ), 0), buf24, buf26, buf19, reinterpret_tensor(buf18, (768, ), (1, ), 0), buf10, buf12, reinterpret_tensor(buf6, (30522, ), (1, ), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((16, 256), (256, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((1, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_7 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_33 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_49 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_55 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_65 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_71 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_81 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_87 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_97 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_103 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_113 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_119 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_129 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_135 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_145 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_151 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_161 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_167 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_177 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_183 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_193 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_199 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_203 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    gather = rand_strided((1, 256), (256, 1), device='cuda:0', dtype=torch.int64)
    mul = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    gt = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    ge = rand_strided((1, 1, 256, 1), (256, 256, 1, 1), device='cuda:0', dtype=torch.bool)
    view = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    bmm = rand_strided((192, 256, 256), (65536, 256, 1), device='cuda:0', dtype=torch.float32)
    amax = rand_strided((16, 12, 256, 1), (3072, 256, 1, 1), device='cuda:0', dtype=torch.float32)
    sum_1 = rand_strided((16, 12, 256, 1), (3072, 256, 1, 1), device='cuda:0', dtype=torch.float32)
    logical_not_1 = rand_strided((16, 12, 256, 1), (3072, 256, 1, 1), device='cuda:0', dtype=torch.bool)
    gt_1 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_16 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_2 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_10 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_18 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_4 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_20 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_3 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_17 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_22 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_3 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_4 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_38 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_5 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_25 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_40 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_10 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_42 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_6 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_32 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_44 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_5 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_7 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_60 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_8 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_40 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_62 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_16 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_64 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_9 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_47 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_66 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_7 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_10 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_82 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_11 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_55 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_84 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_22 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_86 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_12 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_62 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_88 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_9 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_13 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_104 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_14 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_70 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_106 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_28 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_108 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_15 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_77 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_110 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_11 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_16 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_126 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_17 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_85 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_128 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_34 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_130 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_18 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_92 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_132 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_13 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_19 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_148 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_20 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_100 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_150 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_40 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_152 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_21 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_107 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_154 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_15 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_22 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_170 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_23 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_115 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_172 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_46 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_174 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_24 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_122 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_176 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_17 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_25 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_192 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_26 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_130 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_194 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_52 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_196 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_27 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_137 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_198 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_19 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_28 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_214 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_29 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_145 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_216 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_58 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_218 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_30 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_152 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_220 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_21 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_31 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_236 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_32 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_160 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_238 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_64 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_240 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_33 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_167 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_242 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    where_23 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.float32)
    gt_34 = rand_strided((16, 12, 256, 256), (786432, 65536, 256, 1), device='cuda:0', dtype=torch.bool)
    view_258 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_35 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_175 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_260 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_70 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    view_262 = rand_strided((4096, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    gt_36 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.bool)
    mul_182 = rand_strided((16, 256, 768), (196608, 768, 1), device='cuda:0', dtype=torch.float32)
    view_264 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    addmm_72 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_51 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_25 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    view_266 = rand_strided((4096, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    view_267 = rand_strided((16, 256, 30522), (7815168, 30528, 1), device='cuda:0', dtype=torch.bfloat16)
    amax_12 = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    log = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    convert_element_type_510 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    permute_134 = rand_strided((30522, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_138 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_15 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_142 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_146 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_16 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_150 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_569 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_577 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_580 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_161 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_166 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_171 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_17 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_175 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_179 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_18 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_183 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_647 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_655 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_658 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_194 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_199 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_204 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_19 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_208 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_212 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_20 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_216 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_725 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_733 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_736 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_227 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_232 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_237 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_21 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_241 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_245 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_22 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_249 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_803 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_811 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_814 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_260 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_265 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_270 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_23 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_274 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_278 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_24 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_282 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_881 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_889 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_892 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_293 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_298 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_303 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_25 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_307 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_311 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_26 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_315 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_959 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_967 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_970 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_326 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_331 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_336 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_27 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_340 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_344 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_28 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_348 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1037 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1045 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1048 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_359 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_364 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_369 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_29 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_373 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_377 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_30 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_381 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1115 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1123 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1126 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_392 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_397 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_402 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_31 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_406 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_410 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_32 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_414 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1193 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1201 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1204 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_425 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_430 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_435 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_33 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_439 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_443 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_34 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_447 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1271 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1279 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1282 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_458 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_463 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_468 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_35 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_472 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_476 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_36 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_480 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1349 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1357 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1360 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_491 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_496 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_501 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_37 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_505 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_509 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_38 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_513 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1427 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1435 = rand_strided((192, 64, 256), (16384, 1, 64), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_1438 = rand_strided((192, 256, 64), (16384, 1, 256), device='cuda:0', dtype=torch.bfloat16)
    permute_524 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_529 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_534 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.bfloat16)
    div_39 = rand_strided((16, 256, 1), (256, 1, 1), device='cuda:0', dtype=torch.float32)
    tangents_1 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    tangents_2 = rand_strided((16, 256, 30522), (7813632, 30522, 1), device='cuda:0', dtype=torch.bfloat16)
    return [primals_1, primals_2, primals_7, primals_17, primals_23, primals_33, primals_39, primals_49, primals_55, primals_65, primals_71, primals_81, primals_87, primals_97, primals_103, primals_113, primals_119, primals_129, primals_135, primals_145, primals_151, primals_161, primals_167, primals_177, primals_183, primals_193, primals_199, primals_203, gather, mul, gt, ge, view, bmm, amax, sum_1, logical_not_1, gt_1, view_16, gt_2, mul_10, view_18, addmm_4, view_20, gt_3, mul_17, view_22, where_3, gt_4, view_38, gt_5, mul_25, view_40, addmm_10, view_42, gt_6, mul_32, view_44, where_5, gt_7, view_60, gt_8, mul_40, view_62, addmm_16, view_64, gt_9, mul_47, view_66, where_7, gt_10, view_82, gt_11, mul_55, view_84, addmm_22, view_86, gt_12, mul_62, view_88, where_9, gt_13, view_104, gt_14, mul_70, view_106, addmm_28, view_108, gt_15, mul_77, view_110, where_11, gt_16, view_126, gt_17, mul_85, view_128, addmm_34, view_130, gt_18, mul_92, view_132, where_13, gt_19, view_148, gt_20, mul_100, view_150, addmm_40, view_152, gt_21, mul_107, view_154, where_15, gt_22, view_170, gt_23, mul_115, view_172, addmm_46, view_174, gt_24, mul_122, view_176, where_17, gt_25, view_192, gt_26, mul_130, view_194, addmm_52, view_196, gt_27, mul_137, view_198, where_19, gt_28, view_214, gt_29, mul_145, view_216, addmm_58, view_218, gt_30, mul_152, view_220, where_21, gt_31, view_236, gt_32, mul_160, view_238, addmm_64, view_240, gt_33, mul_167, view_242, where_23, gt_34, view_258, gt_35, mul_175, view_260, addmm_70, view_262, gt_36, mul_182, view_264, addmm_72, getitem_51, rsqrt_25, view_266, view_267, amax_12, log, convert_element_type_510, permute_134, permute_138, div_15, permute_142, permute_146, div_16, permute_150, convert_element_type_569, convert_element_type_577, convert_element_type_580, permute_161, permute_166, permute_171, div_17, permute_175, permute_179, div_18, permute_183, convert_element_type_647, convert_element_type_655, convert_element_type_658, permute_194, permute_199, permute_204, div_19, permute_208, permute_212, div_20, permute_216, convert_element_type_725, convert_element_type_733, convert_element_type_736, permute_227, permute_232, permute_237, div_21, permute_241, permute_245, div_22, permute_249, convert_element_type_803, convert_element_type_811, convert_element_type_814, permute_260, permute_265, permute_270, div_23, permute_274, permute_278, div_24, permute_282, convert_element_type_881, convert_element_type_889, convert_element_type_892, permute_293, permute_298, permute_303, div_25, permute_307, permute_311, div_26, permute_315, convert_element_type_959, convert_element_type_967, convert_element_type_970, permute_326, permute_331, permute_336, div_27, permute_340, permute_344, div_28, permute_348, convert_element_type_1037, convert_element_type_1045, convert_element_type_1048, permute_359, permute_364, permute_369, div_29, permute_373, permute_377, div_30, permute_381, convert_element_type_1115, convert_element_type_1123, convert_element_type_1126, permute_392, permute_397, permute_402, div_31, permute_406, permute_410, div_32, permute_414, convert_element_type_1193, convert_element_type_1201, convert_element_type_1204, permute_425, permute_430, permute_435, div_33, permute_439, permute_443, div_34, permute_447, convert_element_type_1271, convert_element_type_1279, convert_element_type_1282, permute_458, permute_463, permute_468, div_35, permute_472, permute_476, div_36, permute_480, convert_element_type_1349, convert_element_type_1357, convert_element_type_1360, permute_491, permute_496, permute_501, div_37, permute_505, permute_509, div_38, permute_513, convert_element_type_1427, convert_element_type_1435, convert_element_type_1438, permute_524, permute_529, permute_534, div_39, tangents_1, tangents_2]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
