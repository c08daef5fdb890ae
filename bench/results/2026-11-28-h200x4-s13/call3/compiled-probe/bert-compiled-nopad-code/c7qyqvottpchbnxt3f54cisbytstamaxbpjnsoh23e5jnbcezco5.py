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


# kernel path: /tmp/torchinductor_root/e6/ce6u5pex5rqjqnz2xc375ti3qdsmnh6c755miv3hfd4m4krwkb4h.py
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
#   %view_267 : Tensor "bf16[16, 256, 30522][7813632, 30522, 1]cuda:0" = PlaceHolder[target=view_267]
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
#   %view_268 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_267, [-1, 30522]), kwargs = {})
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
triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_0 = async_compile.triton('triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_0', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 9, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 1000144896}}
)
@triton.jit
def triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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
        tmp37 = tl.load(in_ptr4 + (r0_1 + 30522*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
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
        tl.store(out_ptr1 + (r0_1 + 30522*x0), tmp49, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uz/cuzmg5xjxgve6z5pwgggxulyz7p4qjpwn4eaqzedz4rpjy5k5jqe.py
# Topologically Sorted Source Nodes: [view_271, sum_17], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_17 => sum_17
#   view_271 => view_271
# Graph fragment:
#   %add_105 : Tensor "bf16[16, 256, 30522][7813632, 30522, 1]cuda:0" = PlaceHolder[target=add_105]
#   %view_271 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_105, [4096, 30522]), kwargs = {})
#   %sum_17 : Tensor "f32[1, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_271, [0], True), kwargs = {dtype: torch.float32})
#   return %sum_17
triton_red_fused_sum_view_1 = async_compile.triton('triton_red_fused_sum_view_1', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_view_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 250280400, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_view_1(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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
        tmp0 = tl.load(in_ptr0 + (x0 + 30522*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
        tmp4 = _tmp3 + tmp2
        _tmp3 = tl.where(r0_mask & xmask, tmp4, _tmp3)
    tmp3 = tl.sum(_tmp3, 1)[:, None]
    tl.store(out_ptr0 + (x0), tmp3, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ba/cbaxhk3asjvg54euwe3lm44ea5oacwiv7nppwwojnjho4hjjxtql.py
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
#   %mm : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm]
#   %primals_203 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_203]
#   %addmm_72 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_72]
#   %getitem_51 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=getitem_51]
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_25]
#   %sum_18 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_18]
#   %sum_19 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=sum_19]
#   %mul_204 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_204]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [16, 256, 768]), kwargs = {})
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
triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_2 = async_compile.triton('triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_2', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 25168896}}
)
@triton.jit
def triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_2(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/mk/cmkazhpgawy7wut2uehzljdncivncrezobb4dajops2dbqk75ojb.py
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
#   %mm : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=mm]
#   %addmm_72 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_72]
#   %getitem_51 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=getitem_51]
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_25]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [16, 256, 768]), kwargs = {})
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
#   return %buf7,%buf9
triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_3 = async_compile.triton('triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_3', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12976128, 'r0_': 32768}}
)
@triton.jit
def triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_3(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/qt/cqtotq2fil3kgk6p5jts3ybnwvqusd4b6gwmlwz77hc7wlls7cla.py
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
#   %buf7 : Tensor "f32[768, 32][1, 768]cuda:0" = PlaceHolder[target=buf7]
#   %view_273 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [16, 256, 768]), kwargs = {})
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
triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4 = async_compile.triton('triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 104448, 'r0_': 0}}
)
@triton.jit
def triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/ue/cued5xrckx6xork3zpqgt3a6litiyt2z7amovim4xrmpjlvwdtar.py
# Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
# Source node to ATen node mapping:
#   sum_22 => sum_22
# Graph fragment:
#   %view_274 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=view_274]
#   %sum_22 : Tensor "f32[1, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_274, [0], True), kwargs = {dtype: torch.float32})
#   return %buf15
triton_red_fused_sum_5 = async_compile.triton('triton_red_fused_sum_5', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6488064, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_sum_5(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/6x/c6xkykhfi2jiglnw3fgnhu5smavobjawogfhnl5jrh6bhspnmsqc.py
# Topologically Sorted Source Nodes: [convert_element_type_533], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_533 => convert_element_type_533
# Graph fragment:
#   %mm_3 : Tensor "bf16[768, 768][768, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %convert_element_type_533 : Tensor "f32[768, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_3, torch.float32), kwargs = {})
#   return %convert_element_type_533
triton_poi_fused__to_copy_6 = async_compile.triton('triton_poi_fused__to_copy_6', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5898240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_6(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 589824
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uk/cuk6im54k3i6cuqudon6yjwchnmfj7bsoid2n6zdmrkmuhzjjwo3.py
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
triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_7 = async_compile.triton('triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_7', '''
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
    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*i1', 'out_ptr2': '*fp32', 'out_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 59771904}}
)
@triton.jit
def triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_7(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp14 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last')
    tmp22 = tl.load(in_ptr4 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
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
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp20, r0_mask)
    tl.store(out_ptr3 + (r0_1 + 768*x0), tmp26, r0_mask)
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
#   return %buf21,%buf23
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


# kernel path: /tmp/torchinductor_root/qy/cqyrwhnbck7nspdzec4p3rbdp5as3ykt2ajgyasjfekhjk4cofle.py
# Topologically Sorted Source Nodes: [convert_element_type_542], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   convert_element_type_542 => convert_element_type_542
# Graph fragment:
#   %mm_5 : Tensor "bf16[768, 3072][3072, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %convert_element_type_542 : Tensor "f32[768, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_5, torch.float32), kwargs = {})
#   return %convert_element_type_542
triton_poi_fused__to_copy_9 = async_compile.triton('triton_poi_fused__to_copy_9', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 23592960}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_9(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2359296
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
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


# kernel path: /tmp/torchinductor_root/ba/cbat7oovetp3tub7s3b27nr3jynwi4ideetlj2ytffav5ulbydne.py
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
#   return %buf34
triton_red_fused_gelu_gelu_backward_sum_view_11 = async_compile.triton('triton_red_fused_gelu_gelu_backward_sum_view_11', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_gelu_gelu_backward_sum_view_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25952256, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_gelu_gelu_backward_sum_view_11(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/sq/csqa2o7pjzsna4q3gw3je2zv74rbihautt2ej7jn5tziglyhnunv.py
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
#   %buf34 : Tensor "f32[1, 3072, 32][98304, 1, 3072]cuda:0" = PlaceHolder[target=buf34]
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
triton_per_fused_gelu_gelu_backward_sum_view_12 = async_compile.triton('triton_per_fused_gelu_gelu_backward_sum_view_12', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_gelu_gelu_backward_sum_view_12', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 417792, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_gelu_gelu_backward_sum_view_12(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/sh/cshqnp55i4ehvdizyhr4t4bs53xi4ibbqu6juuilyrpcrbgd7uwp.py
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
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13', '''
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
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*i1', 'out_ptr2': '*fp32', 'out_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 72354816}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp10 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp16 = tl.load(in_ptr4 + (x0), None, eviction_policy='evict_last')
    tmp24 = tl.load(in_ptr5 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
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
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp22, r0_mask)
    tl.store(out_ptr3 + (r0_1 + 768*x0), tmp28, r0_mask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/7i/c7itwd44dt6eq6pm7jlomwaxcwrmvi55efwxk3g2cbekfubthdjt.py
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
#   return %buf40,%buf42
triton_red_fused__to_copy_add_native_layer_norm_backward_view_14 = async_compile.triton('triton_red_fused__to_copy_add_native_layer_norm_backward_view_14', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_native_layer_norm_backward_view_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 31850496, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_add_native_layer_norm_backward_view_14(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/mn/cmnwzbcelrtlatpa6uqngkj6sg6usvudghzjm2pm2rrf76z772hj.py
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
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 192)
    x2 = xindex // 12288
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*((x1 % 12)) + 768*x2 + 196608*(x1 // 12)), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tl.store(out_ptr0 + (x3), tmp2, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/zx/czx34zodqmfi6yq4gxkqix5op2de7ghz3r2tjwkzio652lwn2qqp.py
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
triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16 = async_compile.triton('triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 188743680}}
)
@triton.jit
def triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16(in_out_ptr0, in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/e7/ce7vo3svwofofray4tvnyg7hlcga6ytjzw3vo6yg6r7qtsrdtzzu.py
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
triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/23/c23znwp5jkaqse22edc4mgi2ygtvzqv3nxxjrspajr2tckulmawb.py
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
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18', '''
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
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 6291456, 'x': 12582912}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/fo/cfowhule7kfhlgumxtqsa7vev4fi3htkhlf6ojzzkofbudvvmz2s.py
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
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/ym/cymonbvqxqfwuaadnlmi6baoib4yp3v2v7j6236mzvnnfxfgsvky.py
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
triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*i1', 'out_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 8, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 84937728}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp7 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp10 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp16 = tl.load(in_ptr5 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp22 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last')
    tmp30 = tl.load(in_ptr7 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
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


# kernel path: /tmp/torchinductor_root/ag/cagys2fb6xvdzi7mw5noti6gaid7v7pyfffnl2pl4u742ic7olis.py
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
#   return %buf80,%buf82
triton_red_fused__to_copy_add_native_layer_norm_backward_view_21 = async_compile.triton('triton_red_fused__to_copy_add_native_layer_norm_backward_view_21', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__to_copy_add_native_layer_norm_backward_view_21', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 44433408, 'r0_': 0}}
)
@triton.jit
def triton_red_fused__to_copy_add_native_layer_norm_backward_view_21(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/7u/c7uh3uuomynrnnrr46yg65hh7shp6i6nnjw5u5nw3dhlyof4wudu.py
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
triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_22 = async_compile.triton('triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_22', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_22', 'mutated_arg_names': ['in_out_ptr0', 'in_out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 256, 'r0_': 188743680}}
)
@triton.jit
def triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_22(in_out_ptr0, in_out_ptr1, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/qr/cqrhhxcva4l2c4tsdbgvbsnmzks6cxrjxgresm4gju4cxdwanbad.py
# Topologically Sorted Source Nodes: [full_default_44], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_44 => full_default_44
# Graph fragment:
#   %full_default_44 : Tensor "f32[2, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([2, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_1
triton_poi_fused_embedding_dense_backward_23 = async_compile.triton('triton_poi_fused_embedding_dense_backward_23', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_23', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12288}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_23(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1536
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/vr/cvrzriayu7uly662r3plfcgqnijxbasgkxxnxzo4jwp55wdtimrh.py
# Topologically Sorted Source Nodes: [full_default_46], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_46 => full_default_46
# Graph fragment:
#   %full_default_46 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([30522, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_2
triton_poi_fused_embedding_dense_backward_24 = async_compile.triton('triton_poi_fused_embedding_dense_backward_24', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_24', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 187527168}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_24(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 23440896
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ps/cps6oljqidbp4az2fzcici3y4jzkuecg6dexshqhaewwg2zaexes.py
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
#   return %mul_566,%sum_203,%sum_204,%mul_572,%buf738,%buf740
triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_25 = async_compile.triton('triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_25', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_25', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr3', 'out_ptr4'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 10, 'num_store': 4, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 51200, 'r0_': 97520640}}
)
@triton.jit
def triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_25(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/3k/c3kclcmpwj26mf3h5sp6ydn6ogs2oqaz3rnkwopyehraxyz3x6l3.py
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
#   return %buf730,%buf732
triton_red_fused_native_layer_norm_backward_26 = async_compile.triton('triton_red_fused_native_layer_norm_backward_26', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_26', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25559040, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_26(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/oj/cojsjebctja2mnqtakhmf4ikczy3xwkoad4sdkjwkycyzgxd5ywb.py
# Topologically Sorted Source Nodes: [full_default_42], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_default_42 => full_default_42
# Graph fragment:
#   %full_default_42 : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([512, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_27 = async_compile.triton('triton_poi_fused_embedding_dense_backward_27', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_27', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3145728}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_27(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 393216
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/rp/crpd2dqmub5eybsl2ko7xpie5fvn4joxclo2myxnihn6qhtsnylt.py
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
#   return %sum_207,%buf736
triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_28 = async_compile.triton('triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_28', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_28', 'mutated_arg_names': ['out_ptr1'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12582912, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_28(in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/t7/ct7yh5fbmr2tmymifcjqmbsagapqhctkclintkstud44wispduyo.py
# Topologically Sorted Source Nodes: [convert_element_type_521, add_180], Original ATen: [aten._to_copy, aten.add]
# Source node to ATen node mapping:
#   add_180 => add_180
#   convert_element_type_521 => convert_element_type_521
# Graph fragment:
#   %mm_1 : Tensor "bf16[30522, 768][768, 1]cuda:0" = PlaceHolder[target=mm_1]
#   %buf740 : Tensor "f32[30522, 768][768, 1]cuda:0" = PlaceHolder[target=buf740]
#   %convert_element_type_521 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mm_1, torch.float32), kwargs = {})
#   %add_180 : Tensor "f32[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convert_element_type_521, %index_put_2), kwargs = {})
#   return %add_180
triton_poi_fused__to_copy_add_29 = async_compile.triton('triton_poi_fused__to_copy_add_29', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_29', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 234408960}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_29(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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
        assert_size_stride(view_267, (16, 256, 30522), (7813632, 30522, 1))
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
            buf1 = empty_strided_cuda((16, 256, 30522), (7813632, 30522, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [div_13, view_37, unsqueeze_4, ne_3, masked_lm_loss, where_26, where_27, mul_189, view_36, exp_13, sum_16, mul_190, sub_40, convert_element_type_514, view_270, add_105], Original ATen: [aten.nll_loss_backward, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._log_softmax, aten._to_copy, aten._log_softmax_backward_data, aten.add]
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_view_where_0.run(primals_1, tangents_1, convert_element_type_510, tangents_2, view_267, amax_12, log, buf1, 4096, 30522, stream=stream0)
            del amax_12
            del convert_element_type_510
            del log
            del tangents_1
            del tangents_2
            del view_267
            buf2 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_271, mm], Original ATen: [aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf1, (4096, 30522), (30522, 1), 0), permute_134, out=buf2)
            del permute_134
            buf3 = empty_strided_cuda((30522, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_271, permute_135, mm_1], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf1, (30522, 4096), (1, 30522), 0), view_266, out=buf3)
            del view_266
            buf4 = empty_strided_cuda((1, 30522), (30522, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_271, sum_17], Original ATen: [aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_1.run(buf1, buf4, 30522, 4096, stream=stream0)
            del buf1
            buf12 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, mul_192, mul_193, sum_18, hidden_states_96, hidden_states_97, hidden_states_98, mul_194, sum_19, mul_195, sub_42, sub_43, div_14, mul_196, mul_199, mul_200, mul_201, exp_14, mul_202, mul_203, add_107, mul_204, convert_element_type_526, view_274], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.gelu, aten.native_layer_norm, aten.gelu_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_view_2.run(buf2, primals_203, addmm_72, getitem_51, rsqrt_25, buf12, 4096, 768, stream=stream0)
            del primals_203
            buf7 = empty_strided_cuda((768, 32), (1, 768), torch.float32)
            buf9 = empty_strided_cuda((768, 32), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20, sum_21], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_3.run(buf2, addmm_72, getitem_51, rsqrt_25, buf7, buf9, 24576, 128, stream=stream0)
            del addmm_72
            del getitem_51
            del rsqrt_25
            buf8 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, hidden_states_96, hidden_states_97, hidden_states_98, mul_197, sum_20], Original ATen: [aten.view, aten._to_copy, aten.gelu, aten.native_layer_norm, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf7, buf8, 768, 32, stream=stream0)
            buf10 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_273, convert_element_type_520, sum_21], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf9, buf10, 768, 32, stream=stream0)
            buf13 = buf2; del buf2  # reuse
            # Topologically Sorted Source Nodes: [mm_2], Original ATen: [aten.mm]
            extern_kernels.mm(buf12, permute_138, out=buf13)
            del permute_138
            buf14 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [permute_139, mm_3], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf12, (768, 4096), (1, 768), 0), view_264, out=buf14)
            del view_264
            buf15 = reinterpret_tensor(buf9, (1, 768, 32), (24576, 1, 768), 0); del buf9  # reuse
            # Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf12, buf15, 24576, 128, stream=stream0)
            buf16 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_22], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf15, buf16, 768, 32, stream=stream0)
            buf17 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_533], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf14, buf17, 589824, stream=stream0)
            buf20 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.float32)
            buf25 = reinterpret_tensor(buf12, (16, 256, 768), (196608, 768, 1), 0); del buf12  # reuse
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_206, mul_207, sum_23, mul_208, sum_24, mul_209, sub_45, sub_46, mul_210, convert_element_type_535, convert_element_type_536, mul_212, mul_213], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_native_dropout_backward_native_layer_norm_backward_view_7.run(buf13, primals_199, mul_182, div_15, gt_36, buf20, buf25, 4096, 768, stream=stream0)
            del div_15
            del gt_36
            del primals_199
            buf21 = reinterpret_tensor(buf15, (768, 32), (1, 768), 0); del buf15  # reuse
            buf23 = buf7; del buf7  # reuse
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_211, sum_25, sum_26], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_native_layer_norm_backward_view_8.run(buf13, mul_182, buf21, buf23, 24576, 128, stream=stream0)
            del mul_182
            buf22 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, mul_211, sum_25], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf21, buf22, 768, 32, stream=stream0)
            buf24 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_276, convert_element_type_532, sum_26], Original ATen: [aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf23, buf24, 768, 32, stream=stream0)
            buf26 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, mm_4], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf25, (4096, 768), (768, 1), 0), permute_142, out=buf26)
            del permute_142
            buf27 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, permute_143, mm_5], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf25, (768, 4096), (1, 768), 0), view_262, out=buf27)
            del view_262
            buf28 = reinterpret_tensor(buf23, (1, 768, 32), (24576, 1, 768), 0); del buf23  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, sum_27], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf25, buf28, 24576, 128, stream=stream0)
            buf29 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_535, convert_element_type_536, mul_212, mul_213, view_277, sum_27], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf28, buf29, 768, 32, stream=stream0)
            buf30 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_542], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf27, buf30, 2359296, stream=stream0)
            buf31 = reinterpret_tensor(buf26, (16, 256, 3072), (786432, 3072, 1), 0); del buf26  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf31, addmm_70, 12582912, stream=stream0)
            del addmm_70
            buf32 = reinterpret_tensor(buf25, (4096, 768), (768, 1), 0); del buf25  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, mm_6], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf31, (4096, 3072), (3072, 1), 0), permute_146, out=buf32)
            del permute_146
            buf33 = reinterpret_tensor(buf27, (3072, 768), (768, 1), 0); del buf27  # reuse
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, permute_147, mm_7], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf31, (3072, 4096), (1, 3072), 0), view_260, out=buf33)
            del view_260
            buf34 = empty_strided_cuda((1, 3072, 32), (98304, 1, 3072), torch.float32)
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf31, buf34, 98304, 128, stream=stream0)
            buf35 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_279, convert_element_type_544, hidden_states_91, hidden_states_92, mul_215, mul_216, mul_217, exp_15, mul_218, mul_219, add_109, mul_220, convert_element_type_546, view_280, sum_28], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf34, buf35, 3072, 32, stream=stream0)
            buf36 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_553], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf33, buf36, 2359296, stream=stream0)
            buf39 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.float32)
            buf44 = reinterpret_tensor(buf13, (16, 256, 768), (196608, 768, 1), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_222, mul_223, sum_29, mul_224, sum_30, mul_225, sub_48, sub_49, mul_226, convert_element_type_555, convert_element_type_556, mul_228, mul_229], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf20, buf32, primals_193, mul_175, div_16, gt_35, buf39, buf44, 4096, 768, stream=stream0)
            del div_16
            del gt_35
            del primals_193
            buf40 = reinterpret_tensor(buf28, (768, 32), (1, 768), 0); del buf28  # reuse
            buf42 = buf21; del buf21  # reuse
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_227, sum_31, sum_32], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf20, buf32, mul_175, buf40, buf42, 24576, 128, stream=stream0)
            del mul_175
            buf41 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, mul_227, sum_31], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf40, buf41, 768, 32, stream=stream0)
            buf43 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_282, convert_element_type_552, add_110, sum_32], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf42, buf43, 768, 32, stream=stream0)
            buf45 = buf32; del buf32  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, mm_8], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf44, (4096, 768), (768, 1), 0), permute_150, out=buf45)
            del permute_150
            buf46 = buf14; del buf14  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, permute_151, mm_9], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf44, (768, 4096), (1, 768), 0), view_258, out=buf46)
            del view_258
            buf47 = reinterpret_tensor(buf42, (1, 768, 32), (24576, 1, 768), 0); del buf42  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, sum_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf44, buf47, 24576, 128, stream=stream0)
            buf48 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_555, convert_element_type_556, mul_228, mul_229, view_283, sum_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf47, buf48, 768, 32, stream=stream0)
            buf49 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_562], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf46, buf49, 589824, stream=stream0)
            buf51 = reinterpret_tensor(buf44, (192, 256, 64), (64, 12288, 1), 0); del buf44  # reuse
            # Topologically Sorted Source Nodes: [view_285, view_286, permute_154, convert_element_type_564, clone_50, view_287, convert_element_type_565], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf45, buf51, 3145728, stream=stream0)
            buf53 = reinterpret_tensor(buf31, (192, 256, 256), (65536, 256, 1), 0); del buf31  # reuse
            # Topologically Sorted Source Nodes: [bmm_25], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf51, convert_element_type_569, out=buf53)
            del convert_element_type_569
            buf50 = empty_strided_cuda((192, 256, 256), (65536, 1, 256), torch.bfloat16)
            buf55 = buf53; del buf53  # reuse
            # Topologically Sorted Source Nodes: [attn_output_33, permute_155, convert_element_type_566, convert_element_type_573, view_289, convert_element_type_575, mul_230, mul_231, mul_232, sum_34, neg_1, fma, view_290, convert_element_type_576], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf55, gt_34, where_23, buf50, 49152, 256, stream=stream0)
            del gt_34
            del where_23
            buf52 = reinterpret_tensor(buf45, (192, 256, 64), (16384, 64, 1), 0); del buf45  # reuse
            # Topologically Sorted Source Nodes: [view_285, view_286, permute_154, convert_element_type_564, clone_50, view_287, attn_output_33, permute_155, convert_element_type_565, convert_element_type_566, bmm_24], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf50, buf51, out=buf52)
            buf56 = reinterpret_tensor(buf51, (192, 64, 256), (16384, 256, 1), 0); del buf51  # reuse
            # Topologically Sorted Source Nodes: [bmm_26], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_577, buf55, out=buf56)
            del convert_element_type_577
            buf57 = empty_strided_cuda((192, 256, 64), (16384, 64, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [bmm_27], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf55, convert_element_type_580, out=buf57)
            del convert_element_type_580
            buf58 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [convert_element_type_574, view_288, convert_element_type_586, permute_160, clone_52, view_293, view_294], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf52, buf58, 3145728, stream=stream0)
            buf59 = reinterpret_tensor(buf52, (4096, 768), (768, 1), 0); del buf52  # reuse
            # Topologically Sorted Source Nodes: [mm_10], Original ATen: [aten.mm]
            extern_kernels.mm(buf58, permute_161, out=buf59)
            del permute_161
            buf60 = buf46; del buf46  # reuse
            # Topologically Sorted Source Nodes: [permute_162, mm_11], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf58, (768, 4096), (1, 768), 0), view_242, out=buf60)
            buf61 = buf47; del buf47  # reuse
            # Topologically Sorted Source Nodes: [sum_35], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf58, buf61, 24576, 128, stream=stream0)
            buf62 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_35], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf61, buf62, 768, 32, stream=stream0)
            buf63 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_595], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf60, buf63, 589824, stream=stream0)
            buf64 = buf58; del buf58  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_585, view_291, mul_233, permute_159, convert_element_type_587, permute_165, view_297, clone_53, view_298], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf56, buf64, 4096, 768, stream=stream0)
            buf65 = reinterpret_tensor(buf56, (4096, 768), (768, 1), 0); del buf56  # reuse
            # Topologically Sorted Source Nodes: [mm_12], Original ATen: [aten.mm]
            extern_kernels.mm(buf64, permute_166, out=buf65)
            del permute_166
            buf66 = buf60; del buf60  # reuse
            # Topologically Sorted Source Nodes: [permute_167, mm_13], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf64, (768, 4096), (1, 768), 0), view_242, out=buf66)
            buf67 = buf61; del buf61  # reuse
            # Topologically Sorted Source Nodes: [sum_36], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf64, buf67, 24576, 128, stream=stream0)
            buf68 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_36], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf67, buf68, 768, 32, stream=stream0)
            buf69 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_603], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf66, buf69, 589824, stream=stream0)
            buf70 = buf64; del buf64  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_584, view_292, mul_234, convert_element_type_588, permute_170, clone_54, view_301, view_302], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf57, buf70, 3145728, stream=stream0)
            buf71 = reinterpret_tensor(buf57, (4096, 768), (768, 1), 0); del buf57  # reuse
            # Topologically Sorted Source Nodes: [mm_14], Original ATen: [aten.mm]
            extern_kernels.mm(buf70, permute_171, out=buf71)
            del permute_171
            buf72 = buf66; del buf66  # reuse
            # Topologically Sorted Source Nodes: [permute_172, mm_15], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf70, (768, 4096), (1, 768), 0), view_242, out=buf72)
            del view_242
            buf73 = buf67; del buf67  # reuse
            # Topologically Sorted Source Nodes: [sum_37], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf70, buf73, 24576, 128, stream=stream0)
            buf74 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_37], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf73, buf74, 768, 32, stream=stream0)
            buf75 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_611], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf72, buf75, 589824, stream=stream0)
            buf76 = buf20; del buf20  # reuse
            buf79 = buf76; del buf76  # reuse
            buf84 = reinterpret_tensor(buf70, (16, 256, 768), (196608, 768, 1), 0); del buf70  # reuse
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_236, mul_237, sum_38, mul_238, sum_39, mul_239, sub_51, sub_52, mul_240, convert_element_type_613, convert_element_type_614, mul_242, mul_243], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf79, buf39, buf59, buf65, buf71, primals_183, mul_167, div_17, gt_33, buf84, 4096, 768, stream=stream0)
            del div_17
            del gt_33
            del primals_183
            buf80 = reinterpret_tensor(buf73, (768, 32), (1, 768), 0); del buf73  # reuse
            buf82 = buf40; del buf40  # reuse
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_241, sum_40, sum_41], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf39, buf59, buf65, buf71, mul_167, buf80, buf82, 24576, 128, stream=stream0)
            del mul_167
            buf81 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, mul_241, sum_40], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf80, buf81, 768, 32, stream=stream0)
            buf83 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_296, convert_element_type_594, add_111, view_300, convert_element_type_602, add_112, view_304, convert_element_type_610, add_113, sum_41], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf82, buf83, 768, 32, stream=stream0)
            buf85 = reinterpret_tensor(buf55, (4096, 3072), (3072, 1), 0); del buf55  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, mm_16], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf84, (4096, 768), (768, 1), 0), permute_175, out=buf85)
            del permute_175
            buf86 = reinterpret_tensor(buf33, (768, 3072), (3072, 1), 0); del buf33  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, permute_176, mm_17], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf84, (768, 4096), (1, 768), 0), view_240, out=buf86)
            del view_240
            buf87 = reinterpret_tensor(buf82, (1, 768, 32), (24576, 1, 768), 0); del buf82  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, sum_42], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf84, buf87, 24576, 128, stream=stream0)
            buf88 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_613, convert_element_type_614, mul_242, mul_243, view_305, sum_42], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf87, buf88, 768, 32, stream=stream0)
            buf89 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_620], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf86, buf89, 2359296, stream=stream0)
            buf90 = reinterpret_tensor(buf85, (16, 256, 3072), (786432, 3072, 1), 0); del buf85  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf90, addmm_64, 12582912, stream=stream0)
            del addmm_64
            buf91 = reinterpret_tensor(buf84, (4096, 768), (768, 1), 0); del buf84  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, mm_18], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf90, (4096, 3072), (3072, 1), 0), permute_179, out=buf91)
            del permute_179
            buf92 = reinterpret_tensor(buf86, (3072, 768), (768, 1), 0); del buf86  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, permute_180, mm_19], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf90, (3072, 4096), (1, 3072), 0), view_238, out=buf92)
            del view_238
            buf93 = buf34; del buf34  # reuse
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, sum_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf90, buf93, 98304, 128, stream=stream0)
            buf94 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_307, convert_element_type_622, hidden_states_83, hidden_states_84, mul_245, mul_246, mul_247, exp_16, mul_248, mul_249, add_115, mul_250, convert_element_type_624, view_308, sum_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf93, buf94, 3072, 32, stream=stream0)
            buf95 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_631], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf92, buf95, 2359296, stream=stream0)
            buf98 = buf39; del buf39  # reuse
            buf103 = reinterpret_tensor(buf71, (16, 256, 768), (196608, 768, 1), 0); del buf71  # reuse
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_252, mul_253, sum_44, mul_254, sum_45, mul_255, sub_54, sub_55, mul_256, convert_element_type_633, convert_element_type_634, mul_258, mul_259], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf79, buf91, primals_177, mul_160, div_18, gt_32, buf98, buf103, 4096, 768, stream=stream0)
            del div_18
            del gt_32
            del primals_177
            buf99 = reinterpret_tensor(buf87, (768, 32), (1, 768), 0); del buf87  # reuse
            buf101 = buf80; del buf80  # reuse
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_257, sum_46, sum_47], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf79, buf91, mul_160, buf99, buf101, 24576, 128, stream=stream0)
            del mul_160
            buf100 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, mul_257, sum_46], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf99, buf100, 768, 32, stream=stream0)
            buf102 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_310, convert_element_type_630, add_116, sum_47], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf101, buf102, 768, 32, stream=stream0)
            buf104 = buf91; del buf91  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, mm_20], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf103, (4096, 768), (768, 1), 0), permute_183, out=buf104)
            del permute_183
            buf105 = buf72; del buf72  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, permute_184, mm_21], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf103, (768, 4096), (1, 768), 0), view_236, out=buf105)
            del view_236
            buf106 = reinterpret_tensor(buf101, (1, 768, 32), (24576, 1, 768), 0); del buf101  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, sum_48], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf103, buf106, 24576, 128, stream=stream0)
            buf107 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_633, convert_element_type_634, mul_258, mul_259, view_311, sum_48], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf106, buf107, 768, 32, stream=stream0)
            buf108 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_640], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf105, buf108, 589824, stream=stream0)
            buf110 = reinterpret_tensor(buf103, (192, 256, 64), (64, 12288, 1), 0); del buf103  # reuse
            # Topologically Sorted Source Nodes: [view_313, view_314, permute_187, convert_element_type_642, clone_57, view_315, convert_element_type_643], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf104, buf110, 3145728, stream=stream0)
            buf112 = reinterpret_tensor(buf90, (192, 256, 256), (65536, 256, 1), 0); del buf90  # reuse
            # Topologically Sorted Source Nodes: [bmm_29], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf110, convert_element_type_647, out=buf112)
            del convert_element_type_647
            buf109 = buf50; del buf50  # reuse
            buf114 = buf112; del buf112  # reuse
            # Topologically Sorted Source Nodes: [attn_output_30, permute_188, convert_element_type_644, convert_element_type_651, view_317, convert_element_type_653, mul_260, mul_261, mul_262, sum_49, neg_2, fma_1, view_318, convert_element_type_654], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf114, gt_31, where_21, buf109, 49152, 256, stream=stream0)
            del gt_31
            del where_21
            buf111 = reinterpret_tensor(buf104, (192, 256, 64), (16384, 64, 1), 0); del buf104  # reuse
            # Topologically Sorted Source Nodes: [view_313, view_314, permute_187, convert_element_type_642, clone_57, view_315, attn_output_30, permute_188, convert_element_type_643, convert_element_type_644, bmm_28], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf109, buf110, out=buf111)
            buf115 = reinterpret_tensor(buf110, (192, 64, 256), (16384, 256, 1), 0); del buf110  # reuse
            # Topologically Sorted Source Nodes: [bmm_30], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_655, buf114, out=buf115)
            del convert_element_type_655
            buf116 = reinterpret_tensor(buf65, (192, 256, 64), (16384, 64, 1), 0); del buf65  # reuse
            # Topologically Sorted Source Nodes: [bmm_31], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf114, convert_element_type_658, out=buf116)
            del convert_element_type_658
            buf117 = buf59; del buf59  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_652, view_316, convert_element_type_664, permute_193, clone_59, view_321, view_322], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf111, buf117, 3145728, stream=stream0)
            buf118 = reinterpret_tensor(buf111, (4096, 768), (768, 1), 0); del buf111  # reuse
            # Topologically Sorted Source Nodes: [mm_22], Original ATen: [aten.mm]
            extern_kernels.mm(buf117, permute_194, out=buf118)
            del permute_194
            buf119 = buf105; del buf105  # reuse
            # Topologically Sorted Source Nodes: [permute_195, mm_23], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf117, (768, 4096), (1, 768), 0), view_220, out=buf119)
            buf120 = buf106; del buf106  # reuse
            # Topologically Sorted Source Nodes: [sum_50], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf117, buf120, 24576, 128, stream=stream0)
            buf121 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_50], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf120, buf121, 768, 32, stream=stream0)
            buf122 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_673], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf119, buf122, 589824, stream=stream0)
            buf123 = buf117; del buf117  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_663, view_319, mul_263, permute_192, convert_element_type_665, permute_198, view_325, clone_60, view_326], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf115, buf123, 4096, 768, stream=stream0)
            buf124 = reinterpret_tensor(buf115, (4096, 768), (768, 1), 0); del buf115  # reuse
            # Topologically Sorted Source Nodes: [mm_24], Original ATen: [aten.mm]
            extern_kernels.mm(buf123, permute_199, out=buf124)
            del permute_199
            buf125 = buf119; del buf119  # reuse
            # Topologically Sorted Source Nodes: [permute_200, mm_25], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf123, (768, 4096), (1, 768), 0), view_220, out=buf125)
            buf126 = buf120; del buf120  # reuse
            # Topologically Sorted Source Nodes: [sum_51], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf123, buf126, 24576, 128, stream=stream0)
            buf127 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_51], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf126, buf127, 768, 32, stream=stream0)
            buf128 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_681], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf125, buf128, 589824, stream=stream0)
            buf129 = buf123; del buf123  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_662, view_320, mul_264, convert_element_type_666, permute_203, clone_61, view_329, view_330], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf116, buf129, 3145728, stream=stream0)
            buf130 = reinterpret_tensor(buf116, (4096, 768), (768, 1), 0); del buf116  # reuse
            # Topologically Sorted Source Nodes: [mm_26], Original ATen: [aten.mm]
            extern_kernels.mm(buf129, permute_204, out=buf130)
            del permute_204
            buf131 = buf125; del buf125  # reuse
            # Topologically Sorted Source Nodes: [permute_205, mm_27], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf129, (768, 4096), (1, 768), 0), view_220, out=buf131)
            del view_220
            buf132 = buf126; del buf126  # reuse
            # Topologically Sorted Source Nodes: [sum_52], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf129, buf132, 24576, 128, stream=stream0)
            buf133 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_52], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf132, buf133, 768, 32, stream=stream0)
            buf134 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_689], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf131, buf134, 589824, stream=stream0)
            buf135 = buf79; del buf79  # reuse
            buf138 = buf135; del buf135  # reuse
            buf143 = reinterpret_tensor(buf129, (16, 256, 768), (196608, 768, 1), 0); del buf129  # reuse
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_266, mul_267, sum_53, mul_268, sum_54, mul_269, sub_57, sub_58, mul_270, convert_element_type_691, convert_element_type_692, mul_272, mul_273], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf138, buf98, buf118, buf124, buf130, primals_167, mul_152, div_19, gt_30, buf143, 4096, 768, stream=stream0)
            del div_19
            del gt_30
            del primals_167
            buf139 = reinterpret_tensor(buf132, (768, 32), (1, 768), 0); del buf132  # reuse
            buf141 = buf99; del buf99  # reuse
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_271, sum_55, sum_56], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf98, buf118, buf124, buf130, mul_152, buf139, buf141, 24576, 128, stream=stream0)
            del mul_152
            buf140 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, mul_271, sum_55], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf139, buf140, 768, 32, stream=stream0)
            buf142 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_324, convert_element_type_672, add_117, view_328, convert_element_type_680, add_118, view_332, convert_element_type_688, add_119, sum_56], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf141, buf142, 768, 32, stream=stream0)
            buf144 = reinterpret_tensor(buf114, (4096, 3072), (3072, 1), 0); del buf114  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, mm_28], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf143, (4096, 768), (768, 1), 0), permute_208, out=buf144)
            del permute_208
            buf145 = reinterpret_tensor(buf92, (768, 3072), (3072, 1), 0); del buf92  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, permute_209, mm_29], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf143, (768, 4096), (1, 768), 0), view_218, out=buf145)
            del view_218
            buf146 = reinterpret_tensor(buf141, (1, 768, 32), (24576, 1, 768), 0); del buf141  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, sum_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf143, buf146, 24576, 128, stream=stream0)
            buf147 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_691, convert_element_type_692, mul_272, mul_273, view_333, sum_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf146, buf147, 768, 32, stream=stream0)
            buf148 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_698], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf145, buf148, 2359296, stream=stream0)
            buf149 = reinterpret_tensor(buf144, (16, 256, 3072), (786432, 3072, 1), 0); del buf144  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf149, addmm_58, 12582912, stream=stream0)
            del addmm_58
            buf150 = reinterpret_tensor(buf143, (4096, 768), (768, 1), 0); del buf143  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, mm_30], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf149, (4096, 3072), (3072, 1), 0), permute_212, out=buf150)
            del permute_212
            buf151 = reinterpret_tensor(buf145, (3072, 768), (768, 1), 0); del buf145  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, permute_213, mm_31], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf149, (3072, 4096), (1, 3072), 0), view_216, out=buf151)
            del view_216
            buf152 = buf93; del buf93  # reuse
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, sum_58], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf149, buf152, 98304, 128, stream=stream0)
            buf153 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_335, convert_element_type_700, hidden_states_75, hidden_states_76, mul_275, mul_276, mul_277, exp_17, mul_278, mul_279, add_121, mul_280, convert_element_type_702, view_336, sum_58], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf152, buf153, 3072, 32, stream=stream0)
            buf154 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_709], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf151, buf154, 2359296, stream=stream0)
            buf157 = buf98; del buf98  # reuse
            buf162 = reinterpret_tensor(buf130, (16, 256, 768), (196608, 768, 1), 0); del buf130  # reuse
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_282, mul_283, sum_59, mul_284, sum_60, mul_285, sub_60, sub_61, mul_286, convert_element_type_711, convert_element_type_712, mul_288, mul_289], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf138, buf150, primals_161, mul_145, div_20, gt_29, buf157, buf162, 4096, 768, stream=stream0)
            del div_20
            del gt_29
            del primals_161
            buf158 = reinterpret_tensor(buf146, (768, 32), (1, 768), 0); del buf146  # reuse
            buf160 = buf139; del buf139  # reuse
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_287, sum_61, sum_62], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf138, buf150, mul_145, buf158, buf160, 24576, 128, stream=stream0)
            del mul_145
            buf159 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, mul_287, sum_61], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf158, buf159, 768, 32, stream=stream0)
            buf161 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_338, convert_element_type_708, add_122, sum_62], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf160, buf161, 768, 32, stream=stream0)
            buf163 = buf150; del buf150  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, mm_32], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf162, (4096, 768), (768, 1), 0), permute_216, out=buf163)
            del permute_216
            buf164 = buf131; del buf131  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, permute_217, mm_33], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf162, (768, 4096), (1, 768), 0), view_214, out=buf164)
            del view_214
            buf165 = reinterpret_tensor(buf160, (1, 768, 32), (24576, 1, 768), 0); del buf160  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, sum_63], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf162, buf165, 24576, 128, stream=stream0)
            buf166 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_711, convert_element_type_712, mul_288, mul_289, view_339, sum_63], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf165, buf166, 768, 32, stream=stream0)
            buf167 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_718], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf164, buf167, 589824, stream=stream0)
            buf169 = reinterpret_tensor(buf162, (192, 256, 64), (64, 12288, 1), 0); del buf162  # reuse
            # Topologically Sorted Source Nodes: [view_341, view_342, permute_220, convert_element_type_720, clone_64, view_343, convert_element_type_721], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf163, buf169, 3145728, stream=stream0)
            buf171 = reinterpret_tensor(buf149, (192, 256, 256), (65536, 256, 1), 0); del buf149  # reuse
            # Topologically Sorted Source Nodes: [bmm_33], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf169, convert_element_type_725, out=buf171)
            del convert_element_type_725
            buf168 = buf109; del buf109  # reuse
            buf173 = buf171; del buf171  # reuse
            # Topologically Sorted Source Nodes: [attn_output_27, permute_221, convert_element_type_722, convert_element_type_729, view_345, convert_element_type_731, mul_290, mul_291, mul_292, sum_64, neg_3, fma_2, view_346, convert_element_type_732], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf173, gt_28, where_19, buf168, 49152, 256, stream=stream0)
            del gt_28
            del where_19
            buf170 = reinterpret_tensor(buf163, (192, 256, 64), (16384, 64, 1), 0); del buf163  # reuse
            # Topologically Sorted Source Nodes: [view_341, view_342, permute_220, convert_element_type_720, clone_64, view_343, attn_output_27, permute_221, convert_element_type_721, convert_element_type_722, bmm_32], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf168, buf169, out=buf170)
            buf174 = reinterpret_tensor(buf169, (192, 64, 256), (16384, 256, 1), 0); del buf169  # reuse
            # Topologically Sorted Source Nodes: [bmm_34], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_733, buf173, out=buf174)
            del convert_element_type_733
            buf175 = reinterpret_tensor(buf124, (192, 256, 64), (16384, 64, 1), 0); del buf124  # reuse
            # Topologically Sorted Source Nodes: [bmm_35], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf173, convert_element_type_736, out=buf175)
            del convert_element_type_736
            buf176 = buf118; del buf118  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_730, view_344, convert_element_type_742, permute_226, clone_66, view_349, view_350], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf170, buf176, 3145728, stream=stream0)
            buf177 = reinterpret_tensor(buf170, (4096, 768), (768, 1), 0); del buf170  # reuse
            # Topologically Sorted Source Nodes: [mm_34], Original ATen: [aten.mm]
            extern_kernels.mm(buf176, permute_227, out=buf177)
            del permute_227
            buf178 = buf164; del buf164  # reuse
            # Topologically Sorted Source Nodes: [permute_228, mm_35], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf176, (768, 4096), (1, 768), 0), view_198, out=buf178)
            buf179 = buf165; del buf165  # reuse
            # Topologically Sorted Source Nodes: [sum_65], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf176, buf179, 24576, 128, stream=stream0)
            buf180 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_65], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf179, buf180, 768, 32, stream=stream0)
            buf181 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_751], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf178, buf181, 589824, stream=stream0)
            buf182 = buf176; del buf176  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_741, view_347, mul_293, permute_225, convert_element_type_743, permute_231, view_353, clone_67, view_354], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf174, buf182, 4096, 768, stream=stream0)
            buf183 = reinterpret_tensor(buf174, (4096, 768), (768, 1), 0); del buf174  # reuse
            # Topologically Sorted Source Nodes: [mm_36], Original ATen: [aten.mm]
            extern_kernels.mm(buf182, permute_232, out=buf183)
            del permute_232
            buf184 = buf178; del buf178  # reuse
            # Topologically Sorted Source Nodes: [permute_233, mm_37], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf182, (768, 4096), (1, 768), 0), view_198, out=buf184)
            buf185 = buf179; del buf179  # reuse
            # Topologically Sorted Source Nodes: [sum_66], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf182, buf185, 24576, 128, stream=stream0)
            buf186 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_66], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf185, buf186, 768, 32, stream=stream0)
            buf187 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_759], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf184, buf187, 589824, stream=stream0)
            buf188 = buf182; del buf182  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_740, view_348, mul_294, convert_element_type_744, permute_236, clone_68, view_357, view_358], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf175, buf188, 3145728, stream=stream0)
            buf189 = reinterpret_tensor(buf175, (4096, 768), (768, 1), 0); del buf175  # reuse
            # Topologically Sorted Source Nodes: [mm_38], Original ATen: [aten.mm]
            extern_kernels.mm(buf188, permute_237, out=buf189)
            del permute_237
            buf190 = buf184; del buf184  # reuse
            # Topologically Sorted Source Nodes: [permute_238, mm_39], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf188, (768, 4096), (1, 768), 0), view_198, out=buf190)
            del view_198
            buf191 = buf185; del buf185  # reuse
            # Topologically Sorted Source Nodes: [sum_67], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf188, buf191, 24576, 128, stream=stream0)
            buf192 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_67], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf191, buf192, 768, 32, stream=stream0)
            buf193 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_767], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf190, buf193, 589824, stream=stream0)
            buf194 = buf138; del buf138  # reuse
            buf197 = buf194; del buf194  # reuse
            buf202 = reinterpret_tensor(buf188, (16, 256, 768), (196608, 768, 1), 0); del buf188  # reuse
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_296, mul_297, sum_68, mul_298, sum_69, mul_299, sub_63, sub_64, mul_300, convert_element_type_769, convert_element_type_770, mul_302, mul_303], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf197, buf157, buf177, buf183, buf189, primals_151, mul_137, div_21, gt_27, buf202, 4096, 768, stream=stream0)
            del div_21
            del gt_27
            del primals_151
            buf198 = reinterpret_tensor(buf191, (768, 32), (1, 768), 0); del buf191  # reuse
            buf200 = buf158; del buf158  # reuse
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_301, sum_70, sum_71], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf157, buf177, buf183, buf189, mul_137, buf198, buf200, 24576, 128, stream=stream0)
            del mul_137
            buf199 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, mul_301, sum_70], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf198, buf199, 768, 32, stream=stream0)
            buf201 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_352, convert_element_type_750, add_123, view_356, convert_element_type_758, add_124, view_360, convert_element_type_766, add_125, sum_71], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf200, buf201, 768, 32, stream=stream0)
            buf203 = reinterpret_tensor(buf173, (4096, 3072), (3072, 1), 0); del buf173  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, mm_40], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf202, (4096, 768), (768, 1), 0), permute_241, out=buf203)
            del permute_241
            buf204 = reinterpret_tensor(buf151, (768, 3072), (3072, 1), 0); del buf151  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, permute_242, mm_41], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf202, (768, 4096), (1, 768), 0), view_196, out=buf204)
            del view_196
            buf205 = reinterpret_tensor(buf200, (1, 768, 32), (24576, 1, 768), 0); del buf200  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, sum_72], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf202, buf205, 24576, 128, stream=stream0)
            buf206 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_769, convert_element_type_770, mul_302, mul_303, view_361, sum_72], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf205, buf206, 768, 32, stream=stream0)
            buf207 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_776], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf204, buf207, 2359296, stream=stream0)
            buf208 = reinterpret_tensor(buf203, (16, 256, 3072), (786432, 3072, 1), 0); del buf203  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf208, addmm_52, 12582912, stream=stream0)
            del addmm_52
            buf209 = reinterpret_tensor(buf202, (4096, 768), (768, 1), 0); del buf202  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, mm_42], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf208, (4096, 3072), (3072, 1), 0), permute_245, out=buf209)
            del permute_245
            buf210 = reinterpret_tensor(buf204, (3072, 768), (768, 1), 0); del buf204  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, permute_246, mm_43], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf208, (3072, 4096), (1, 3072), 0), view_194, out=buf210)
            del view_194
            buf211 = buf152; del buf152  # reuse
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, sum_73], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf208, buf211, 98304, 128, stream=stream0)
            buf212 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_363, convert_element_type_778, hidden_states_67, hidden_states_68, mul_305, mul_306, mul_307, exp_18, mul_308, mul_309, add_127, mul_310, convert_element_type_780, view_364, sum_73], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf211, buf212, 3072, 32, stream=stream0)
            buf213 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_787], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf210, buf213, 2359296, stream=stream0)
            buf216 = buf157; del buf157  # reuse
            buf221 = reinterpret_tensor(buf189, (16, 256, 768), (196608, 768, 1), 0); del buf189  # reuse
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_312, mul_313, sum_74, mul_314, sum_75, mul_315, sub_66, sub_67, mul_316, convert_element_type_789, convert_element_type_790, mul_318, mul_319], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf197, buf209, primals_145, mul_130, div_22, gt_26, buf216, buf221, 4096, 768, stream=stream0)
            del div_22
            del gt_26
            del primals_145
            buf217 = reinterpret_tensor(buf205, (768, 32), (1, 768), 0); del buf205  # reuse
            buf219 = buf198; del buf198  # reuse
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_317, sum_76, sum_77], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf197, buf209, mul_130, buf217, buf219, 24576, 128, stream=stream0)
            del mul_130
            buf218 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, mul_317, sum_76], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf217, buf218, 768, 32, stream=stream0)
            buf220 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_366, convert_element_type_786, add_128, sum_77], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf219, buf220, 768, 32, stream=stream0)
            buf222 = buf209; del buf209  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, mm_44], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf221, (4096, 768), (768, 1), 0), permute_249, out=buf222)
            del permute_249
            buf223 = buf190; del buf190  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, permute_250, mm_45], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf221, (768, 4096), (1, 768), 0), view_192, out=buf223)
            del view_192
            buf224 = reinterpret_tensor(buf219, (1, 768, 32), (24576, 1, 768), 0); del buf219  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, sum_78], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf221, buf224, 24576, 128, stream=stream0)
            buf225 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_789, convert_element_type_790, mul_318, mul_319, view_367, sum_78], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf224, buf225, 768, 32, stream=stream0)
            buf226 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_796], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf223, buf226, 589824, stream=stream0)
            buf228 = reinterpret_tensor(buf221, (192, 256, 64), (64, 12288, 1), 0); del buf221  # reuse
            # Topologically Sorted Source Nodes: [view_369, view_370, permute_253, convert_element_type_798, clone_71, view_371, convert_element_type_799], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf222, buf228, 3145728, stream=stream0)
            buf230 = reinterpret_tensor(buf208, (192, 256, 256), (65536, 256, 1), 0); del buf208  # reuse
            # Topologically Sorted Source Nodes: [bmm_37], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf228, convert_element_type_803, out=buf230)
            del convert_element_type_803
            buf227 = buf168; del buf168  # reuse
            buf232 = buf230; del buf230  # reuse
            # Topologically Sorted Source Nodes: [attn_output_24, permute_254, convert_element_type_800, convert_element_type_807, view_373, convert_element_type_809, mul_320, mul_321, mul_322, sum_79, neg_4, fma_3, view_374, convert_element_type_810], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf232, gt_25, where_17, buf227, 49152, 256, stream=stream0)
            del gt_25
            del where_17
            buf229 = reinterpret_tensor(buf222, (192, 256, 64), (16384, 64, 1), 0); del buf222  # reuse
            # Topologically Sorted Source Nodes: [view_369, view_370, permute_253, convert_element_type_798, clone_71, view_371, attn_output_24, permute_254, convert_element_type_799, convert_element_type_800, bmm_36], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf227, buf228, out=buf229)
            buf233 = reinterpret_tensor(buf228, (192, 64, 256), (16384, 256, 1), 0); del buf228  # reuse
            # Topologically Sorted Source Nodes: [bmm_38], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_811, buf232, out=buf233)
            del convert_element_type_811
            buf234 = reinterpret_tensor(buf183, (192, 256, 64), (16384, 64, 1), 0); del buf183  # reuse
            # Topologically Sorted Source Nodes: [bmm_39], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf232, convert_element_type_814, out=buf234)
            del convert_element_type_814
            buf235 = buf177; del buf177  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_808, view_372, convert_element_type_820, permute_259, clone_73, view_377, view_378], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf229, buf235, 3145728, stream=stream0)
            buf236 = reinterpret_tensor(buf229, (4096, 768), (768, 1), 0); del buf229  # reuse
            # Topologically Sorted Source Nodes: [mm_46], Original ATen: [aten.mm]
            extern_kernels.mm(buf235, permute_260, out=buf236)
            del permute_260
            buf237 = buf223; del buf223  # reuse
            # Topologically Sorted Source Nodes: [permute_261, mm_47], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf235, (768, 4096), (1, 768), 0), view_176, out=buf237)
            buf238 = buf224; del buf224  # reuse
            # Topologically Sorted Source Nodes: [sum_80], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf235, buf238, 24576, 128, stream=stream0)
            buf239 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_80], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf238, buf239, 768, 32, stream=stream0)
            buf240 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_829], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf237, buf240, 589824, stream=stream0)
            buf241 = buf235; del buf235  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_819, view_375, mul_323, permute_258, convert_element_type_821, permute_264, view_381, clone_74, view_382], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf233, buf241, 4096, 768, stream=stream0)
            buf242 = reinterpret_tensor(buf233, (4096, 768), (768, 1), 0); del buf233  # reuse
            # Topologically Sorted Source Nodes: [mm_48], Original ATen: [aten.mm]
            extern_kernels.mm(buf241, permute_265, out=buf242)
            del permute_265
            buf243 = buf237; del buf237  # reuse
            # Topologically Sorted Source Nodes: [permute_266, mm_49], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf241, (768, 4096), (1, 768), 0), view_176, out=buf243)
            buf244 = buf238; del buf238  # reuse
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf241, buf244, 24576, 128, stream=stream0)
            buf245 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf244, buf245, 768, 32, stream=stream0)
            buf246 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_837], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf243, buf246, 589824, stream=stream0)
            buf247 = buf241; del buf241  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_818, view_376, mul_324, convert_element_type_822, permute_269, clone_75, view_385, view_386], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf234, buf247, 3145728, stream=stream0)
            buf248 = reinterpret_tensor(buf234, (4096, 768), (768, 1), 0); del buf234  # reuse
            # Topologically Sorted Source Nodes: [mm_50], Original ATen: [aten.mm]
            extern_kernels.mm(buf247, permute_270, out=buf248)
            del permute_270
            buf249 = buf243; del buf243  # reuse
            # Topologically Sorted Source Nodes: [permute_271, mm_51], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf247, (768, 4096), (1, 768), 0), view_176, out=buf249)
            del view_176
            buf250 = buf244; del buf244  # reuse
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf247, buf250, 24576, 128, stream=stream0)
            buf251 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf250, buf251, 768, 32, stream=stream0)
            buf252 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_845], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf249, buf252, 589824, stream=stream0)
            buf253 = buf197; del buf197  # reuse
            buf256 = buf253; del buf253  # reuse
            buf261 = reinterpret_tensor(buf247, (16, 256, 768), (196608, 768, 1), 0); del buf247  # reuse
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_326, mul_327, sum_83, mul_328, sum_84, mul_329, sub_69, sub_70, mul_330, convert_element_type_847, convert_element_type_848, mul_332, mul_333], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf256, buf216, buf236, buf242, buf248, primals_135, mul_122, div_23, gt_24, buf261, 4096, 768, stream=stream0)
            del div_23
            del gt_24
            del primals_135
            buf257 = reinterpret_tensor(buf250, (768, 32), (1, 768), 0); del buf250  # reuse
            buf259 = buf217; del buf217  # reuse
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_331, sum_85, sum_86], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf216, buf236, buf242, buf248, mul_122, buf257, buf259, 24576, 128, stream=stream0)
            del mul_122
            buf258 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, mul_331, sum_85], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf257, buf258, 768, 32, stream=stream0)
            buf260 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_380, convert_element_type_828, add_129, view_384, convert_element_type_836, add_130, view_388, convert_element_type_844, add_131, sum_86], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf259, buf260, 768, 32, stream=stream0)
            buf262 = reinterpret_tensor(buf232, (4096, 3072), (3072, 1), 0); del buf232  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, mm_52], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf261, (4096, 768), (768, 1), 0), permute_274, out=buf262)
            del permute_274
            buf263 = reinterpret_tensor(buf210, (768, 3072), (3072, 1), 0); del buf210  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, permute_275, mm_53], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf261, (768, 4096), (1, 768), 0), view_174, out=buf263)
            del view_174
            buf264 = reinterpret_tensor(buf259, (1, 768, 32), (24576, 1, 768), 0); del buf259  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, sum_87], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf261, buf264, 24576, 128, stream=stream0)
            buf265 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_847, convert_element_type_848, mul_332, mul_333, view_389, sum_87], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf264, buf265, 768, 32, stream=stream0)
            buf266 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_854], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf263, buf266, 2359296, stream=stream0)
            buf267 = reinterpret_tensor(buf262, (16, 256, 3072), (786432, 3072, 1), 0); del buf262  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf267, addmm_46, 12582912, stream=stream0)
            del addmm_46
            buf268 = reinterpret_tensor(buf261, (4096, 768), (768, 1), 0); del buf261  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, mm_54], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf267, (4096, 3072), (3072, 1), 0), permute_278, out=buf268)
            del permute_278
            buf269 = reinterpret_tensor(buf263, (3072, 768), (768, 1), 0); del buf263  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, permute_279, mm_55], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf267, (3072, 4096), (1, 3072), 0), view_172, out=buf269)
            del view_172
            buf270 = buf211; del buf211  # reuse
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, sum_88], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf267, buf270, 98304, 128, stream=stream0)
            buf271 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_391, convert_element_type_856, hidden_states_59, hidden_states_60, mul_335, mul_336, mul_337, exp_19, mul_338, mul_339, add_133, mul_340, convert_element_type_858, view_392, sum_88], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf270, buf271, 3072, 32, stream=stream0)
            buf272 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_865], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf269, buf272, 2359296, stream=stream0)
            buf275 = buf216; del buf216  # reuse
            buf280 = reinterpret_tensor(buf248, (16, 256, 768), (196608, 768, 1), 0); del buf248  # reuse
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_342, mul_343, sum_89, mul_344, sum_90, mul_345, sub_72, sub_73, mul_346, convert_element_type_867, convert_element_type_868, mul_348, mul_349], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf256, buf268, primals_129, mul_115, div_24, gt_23, buf275, buf280, 4096, 768, stream=stream0)
            del div_24
            del gt_23
            del primals_129
            buf276 = reinterpret_tensor(buf264, (768, 32), (1, 768), 0); del buf264  # reuse
            buf278 = buf257; del buf257  # reuse
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_347, sum_91, sum_92], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf256, buf268, mul_115, buf276, buf278, 24576, 128, stream=stream0)
            del mul_115
            buf277 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, mul_347, sum_91], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf276, buf277, 768, 32, stream=stream0)
            buf279 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_394, convert_element_type_864, add_134, sum_92], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf278, buf279, 768, 32, stream=stream0)
            buf281 = buf268; del buf268  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, mm_56], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf280, (4096, 768), (768, 1), 0), permute_282, out=buf281)
            del permute_282
            buf282 = buf249; del buf249  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, permute_283, mm_57], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf280, (768, 4096), (1, 768), 0), view_170, out=buf282)
            del view_170
            buf283 = reinterpret_tensor(buf278, (1, 768, 32), (24576, 1, 768), 0); del buf278  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, sum_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf280, buf283, 24576, 128, stream=stream0)
            buf284 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_867, convert_element_type_868, mul_348, mul_349, view_395, sum_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf283, buf284, 768, 32, stream=stream0)
            buf285 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_874], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf282, buf285, 589824, stream=stream0)
            buf287 = reinterpret_tensor(buf280, (192, 256, 64), (64, 12288, 1), 0); del buf280  # reuse
            # Topologically Sorted Source Nodes: [view_397, view_398, permute_286, convert_element_type_876, clone_78, view_399, convert_element_type_877], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf281, buf287, 3145728, stream=stream0)
            buf289 = reinterpret_tensor(buf267, (192, 256, 256), (65536, 256, 1), 0); del buf267  # reuse
            # Topologically Sorted Source Nodes: [bmm_41], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf287, convert_element_type_881, out=buf289)
            del convert_element_type_881
            buf286 = buf227; del buf227  # reuse
            buf291 = buf289; del buf289  # reuse
            # Topologically Sorted Source Nodes: [attn_output_21, permute_287, convert_element_type_878, convert_element_type_885, view_401, convert_element_type_887, mul_350, mul_351, mul_352, sum_94, neg_5, fma_4, view_402, convert_element_type_888], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf291, gt_22, where_15, buf286, 49152, 256, stream=stream0)
            del gt_22
            del where_15
            buf288 = reinterpret_tensor(buf281, (192, 256, 64), (16384, 64, 1), 0); del buf281  # reuse
            # Topologically Sorted Source Nodes: [view_397, view_398, permute_286, convert_element_type_876, clone_78, view_399, attn_output_21, permute_287, convert_element_type_877, convert_element_type_878, bmm_40], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf286, buf287, out=buf288)
            buf292 = reinterpret_tensor(buf287, (192, 64, 256), (16384, 256, 1), 0); del buf287  # reuse
            # Topologically Sorted Source Nodes: [bmm_42], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_889, buf291, out=buf292)
            del convert_element_type_889
            buf293 = reinterpret_tensor(buf242, (192, 256, 64), (16384, 64, 1), 0); del buf242  # reuse
            # Topologically Sorted Source Nodes: [bmm_43], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf291, convert_element_type_892, out=buf293)
            del convert_element_type_892
            buf294 = buf236; del buf236  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_886, view_400, convert_element_type_898, permute_292, clone_80, view_405, view_406], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf288, buf294, 3145728, stream=stream0)
            buf295 = reinterpret_tensor(buf288, (4096, 768), (768, 1), 0); del buf288  # reuse
            # Topologically Sorted Source Nodes: [mm_58], Original ATen: [aten.mm]
            extern_kernels.mm(buf294, permute_293, out=buf295)
            del permute_293
            buf296 = buf282; del buf282  # reuse
            # Topologically Sorted Source Nodes: [permute_294, mm_59], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf294, (768, 4096), (1, 768), 0), view_154, out=buf296)
            buf297 = buf283; del buf283  # reuse
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf294, buf297, 24576, 128, stream=stream0)
            buf298 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf297, buf298, 768, 32, stream=stream0)
            buf299 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_907], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf296, buf299, 589824, stream=stream0)
            buf300 = buf294; del buf294  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_897, view_403, mul_353, permute_291, convert_element_type_899, permute_297, view_409, clone_81, view_410], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf292, buf300, 4096, 768, stream=stream0)
            buf301 = reinterpret_tensor(buf292, (4096, 768), (768, 1), 0); del buf292  # reuse
            # Topologically Sorted Source Nodes: [mm_60], Original ATen: [aten.mm]
            extern_kernels.mm(buf300, permute_298, out=buf301)
            del permute_298
            buf302 = buf296; del buf296  # reuse
            # Topologically Sorted Source Nodes: [permute_299, mm_61], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf300, (768, 4096), (1, 768), 0), view_154, out=buf302)
            buf303 = buf297; del buf297  # reuse
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf300, buf303, 24576, 128, stream=stream0)
            buf304 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf303, buf304, 768, 32, stream=stream0)
            buf305 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_915], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf302, buf305, 589824, stream=stream0)
            buf306 = buf300; del buf300  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_896, view_404, mul_354, convert_element_type_900, permute_302, clone_82, view_413, view_414], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf293, buf306, 3145728, stream=stream0)
            buf307 = reinterpret_tensor(buf293, (4096, 768), (768, 1), 0); del buf293  # reuse
            # Topologically Sorted Source Nodes: [mm_62], Original ATen: [aten.mm]
            extern_kernels.mm(buf306, permute_303, out=buf307)
            del permute_303
            buf308 = buf302; del buf302  # reuse
            # Topologically Sorted Source Nodes: [permute_304, mm_63], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf306, (768, 4096), (1, 768), 0), view_154, out=buf308)
            del view_154
            buf309 = buf303; del buf303  # reuse
            # Topologically Sorted Source Nodes: [sum_97], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf306, buf309, 24576, 128, stream=stream0)
            buf310 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_97], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf309, buf310, 768, 32, stream=stream0)
            buf311 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_923], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf308, buf311, 589824, stream=stream0)
            buf312 = buf256; del buf256  # reuse
            buf315 = buf312; del buf312  # reuse
            buf320 = reinterpret_tensor(buf306, (16, 256, 768), (196608, 768, 1), 0); del buf306  # reuse
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_356, mul_357, sum_98, mul_358, sum_99, mul_359, sub_75, sub_76, mul_360, convert_element_type_925, convert_element_type_926, mul_362, mul_363], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf315, buf275, buf295, buf301, buf307, primals_119, mul_107, div_25, gt_21, buf320, 4096, 768, stream=stream0)
            del div_25
            del gt_21
            del primals_119
            buf316 = reinterpret_tensor(buf309, (768, 32), (1, 768), 0); del buf309  # reuse
            buf318 = buf276; del buf276  # reuse
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_361, sum_100, sum_101], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf275, buf295, buf301, buf307, mul_107, buf316, buf318, 24576, 128, stream=stream0)
            del mul_107
            buf317 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, mul_361, sum_100], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf316, buf317, 768, 32, stream=stream0)
            buf319 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_408, convert_element_type_906, add_135, view_412, convert_element_type_914, add_136, view_416, convert_element_type_922, add_137, sum_101], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf318, buf319, 768, 32, stream=stream0)
            buf321 = reinterpret_tensor(buf291, (4096, 3072), (3072, 1), 0); del buf291  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, mm_64], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf320, (4096, 768), (768, 1), 0), permute_307, out=buf321)
            del permute_307
            buf322 = reinterpret_tensor(buf269, (768, 3072), (3072, 1), 0); del buf269  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, permute_308, mm_65], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf320, (768, 4096), (1, 768), 0), view_152, out=buf322)
            del view_152
            buf323 = reinterpret_tensor(buf318, (1, 768, 32), (24576, 1, 768), 0); del buf318  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, sum_102], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf320, buf323, 24576, 128, stream=stream0)
            buf324 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_925, convert_element_type_926, mul_362, mul_363, view_417, sum_102], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf323, buf324, 768, 32, stream=stream0)
            buf325 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_932], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf322, buf325, 2359296, stream=stream0)
            buf326 = reinterpret_tensor(buf321, (16, 256, 3072), (786432, 3072, 1), 0); del buf321  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf326, addmm_40, 12582912, stream=stream0)
            del addmm_40
            buf327 = reinterpret_tensor(buf320, (4096, 768), (768, 1), 0); del buf320  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, mm_66], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf326, (4096, 3072), (3072, 1), 0), permute_311, out=buf327)
            del permute_311
            buf328 = reinterpret_tensor(buf322, (3072, 768), (768, 1), 0); del buf322  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, permute_312, mm_67], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf326, (3072, 4096), (1, 3072), 0), view_150, out=buf328)
            del view_150
            buf329 = buf270; del buf270  # reuse
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, sum_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf326, buf329, 98304, 128, stream=stream0)
            buf330 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_419, convert_element_type_934, hidden_states_51, hidden_states_52, mul_365, mul_366, mul_367, exp_20, mul_368, mul_369, add_139, mul_370, convert_element_type_936, view_420, sum_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf329, buf330, 3072, 32, stream=stream0)
            buf331 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_943], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf328, buf331, 2359296, stream=stream0)
            buf334 = buf275; del buf275  # reuse
            buf339 = reinterpret_tensor(buf307, (16, 256, 768), (196608, 768, 1), 0); del buf307  # reuse
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_372, mul_373, sum_104, mul_374, sum_105, mul_375, sub_78, sub_79, mul_376, convert_element_type_945, convert_element_type_946, mul_378, mul_379], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf315, buf327, primals_113, mul_100, div_26, gt_20, buf334, buf339, 4096, 768, stream=stream0)
            del div_26
            del gt_20
            del primals_113
            buf335 = reinterpret_tensor(buf323, (768, 32), (1, 768), 0); del buf323  # reuse
            buf337 = buf316; del buf316  # reuse
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_377, sum_106, sum_107], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf315, buf327, mul_100, buf335, buf337, 24576, 128, stream=stream0)
            del mul_100
            buf336 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, mul_377, sum_106], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf335, buf336, 768, 32, stream=stream0)
            buf338 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_422, convert_element_type_942, add_140, sum_107], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf337, buf338, 768, 32, stream=stream0)
            buf340 = buf327; del buf327  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, mm_68], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf339, (4096, 768), (768, 1), 0), permute_315, out=buf340)
            del permute_315
            buf341 = buf308; del buf308  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, permute_316, mm_69], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf339, (768, 4096), (1, 768), 0), view_148, out=buf341)
            del view_148
            buf342 = reinterpret_tensor(buf337, (1, 768, 32), (24576, 1, 768), 0); del buf337  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, sum_108], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf339, buf342, 24576, 128, stream=stream0)
            buf343 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_945, convert_element_type_946, mul_378, mul_379, view_423, sum_108], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf342, buf343, 768, 32, stream=stream0)
            buf344 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_952], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf341, buf344, 589824, stream=stream0)
            buf346 = reinterpret_tensor(buf339, (192, 256, 64), (64, 12288, 1), 0); del buf339  # reuse
            # Topologically Sorted Source Nodes: [view_425, view_426, permute_319, convert_element_type_954, clone_85, view_427, convert_element_type_955], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf340, buf346, 3145728, stream=stream0)
            buf348 = reinterpret_tensor(buf326, (192, 256, 256), (65536, 256, 1), 0); del buf326  # reuse
            # Topologically Sorted Source Nodes: [bmm_45], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf346, convert_element_type_959, out=buf348)
            del convert_element_type_959
            buf345 = buf286; del buf286  # reuse
            buf350 = buf348; del buf348  # reuse
            # Topologically Sorted Source Nodes: [attn_output_18, permute_320, convert_element_type_956, convert_element_type_963, view_429, convert_element_type_965, mul_380, mul_381, mul_382, sum_109, neg_6, fma_5, view_430, convert_element_type_966], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf350, gt_19, where_13, buf345, 49152, 256, stream=stream0)
            del gt_19
            del where_13
            buf347 = reinterpret_tensor(buf340, (192, 256, 64), (16384, 64, 1), 0); del buf340  # reuse
            # Topologically Sorted Source Nodes: [view_425, view_426, permute_319, convert_element_type_954, clone_85, view_427, attn_output_18, permute_320, convert_element_type_955, convert_element_type_956, bmm_44], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf345, buf346, out=buf347)
            buf351 = reinterpret_tensor(buf346, (192, 64, 256), (16384, 256, 1), 0); del buf346  # reuse
            # Topologically Sorted Source Nodes: [bmm_46], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_967, buf350, out=buf351)
            del convert_element_type_967
            buf352 = reinterpret_tensor(buf301, (192, 256, 64), (16384, 64, 1), 0); del buf301  # reuse
            # Topologically Sorted Source Nodes: [bmm_47], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf350, convert_element_type_970, out=buf352)
            del convert_element_type_970
            buf353 = buf295; del buf295  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_964, view_428, convert_element_type_976, permute_325, clone_87, view_433, view_434], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf347, buf353, 3145728, stream=stream0)
            buf354 = reinterpret_tensor(buf347, (4096, 768), (768, 1), 0); del buf347  # reuse
            # Topologically Sorted Source Nodes: [mm_70], Original ATen: [aten.mm]
            extern_kernels.mm(buf353, permute_326, out=buf354)
            del permute_326
            buf355 = buf341; del buf341  # reuse
            # Topologically Sorted Source Nodes: [permute_327, mm_71], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf353, (768, 4096), (1, 768), 0), view_132, out=buf355)
            buf356 = buf342; del buf342  # reuse
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf353, buf356, 24576, 128, stream=stream0)
            buf357 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf356, buf357, 768, 32, stream=stream0)
            buf358 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_985], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf355, buf358, 589824, stream=stream0)
            buf359 = buf353; del buf353  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_975, view_431, mul_383, permute_324, convert_element_type_977, permute_330, view_437, clone_88, view_438], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf351, buf359, 4096, 768, stream=stream0)
            buf360 = reinterpret_tensor(buf351, (4096, 768), (768, 1), 0); del buf351  # reuse
            # Topologically Sorted Source Nodes: [mm_72], Original ATen: [aten.mm]
            extern_kernels.mm(buf359, permute_331, out=buf360)
            del permute_331
            buf361 = buf355; del buf355  # reuse
            # Topologically Sorted Source Nodes: [permute_332, mm_73], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf359, (768, 4096), (1, 768), 0), view_132, out=buf361)
            buf362 = buf356; del buf356  # reuse
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf359, buf362, 24576, 128, stream=stream0)
            buf363 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf362, buf363, 768, 32, stream=stream0)
            buf364 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_993], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf361, buf364, 589824, stream=stream0)
            buf365 = buf359; del buf359  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_974, view_432, mul_384, convert_element_type_978, permute_335, clone_89, view_441, view_442], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf352, buf365, 3145728, stream=stream0)
            buf366 = reinterpret_tensor(buf352, (4096, 768), (768, 1), 0); del buf352  # reuse
            # Topologically Sorted Source Nodes: [mm_74], Original ATen: [aten.mm]
            extern_kernels.mm(buf365, permute_336, out=buf366)
            del permute_336
            buf367 = buf361; del buf361  # reuse
            # Topologically Sorted Source Nodes: [permute_337, mm_75], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf365, (768, 4096), (1, 768), 0), view_132, out=buf367)
            del view_132
            buf368 = buf362; del buf362  # reuse
            # Topologically Sorted Source Nodes: [sum_112], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf365, buf368, 24576, 128, stream=stream0)
            buf369 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_112], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf368, buf369, 768, 32, stream=stream0)
            buf370 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1001], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf367, buf370, 589824, stream=stream0)
            buf371 = buf315; del buf315  # reuse
            buf374 = buf371; del buf371  # reuse
            buf379 = reinterpret_tensor(buf365, (16, 256, 768), (196608, 768, 1), 0); del buf365  # reuse
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_386, mul_387, sum_113, mul_388, sum_114, mul_389, sub_81, sub_82, mul_390, convert_element_type_1003, convert_element_type_1004, mul_392, mul_393], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf374, buf334, buf354, buf360, buf366, primals_103, mul_92, div_27, gt_18, buf379, 4096, 768, stream=stream0)
            del div_27
            del gt_18
            del primals_103
            buf375 = reinterpret_tensor(buf368, (768, 32), (1, 768), 0); del buf368  # reuse
            buf377 = buf335; del buf335  # reuse
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_391, sum_115, sum_116], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf334, buf354, buf360, buf366, mul_92, buf375, buf377, 24576, 128, stream=stream0)
            del mul_92
            buf376 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, mul_391, sum_115], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf375, buf376, 768, 32, stream=stream0)
            buf378 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_436, convert_element_type_984, add_141, view_440, convert_element_type_992, add_142, view_444, convert_element_type_1000, add_143, sum_116], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf377, buf378, 768, 32, stream=stream0)
            buf380 = reinterpret_tensor(buf350, (4096, 3072), (3072, 1), 0); del buf350  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, mm_76], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf379, (4096, 768), (768, 1), 0), permute_340, out=buf380)
            del permute_340
            buf381 = reinterpret_tensor(buf328, (768, 3072), (3072, 1), 0); del buf328  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, permute_341, mm_77], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf379, (768, 4096), (1, 768), 0), view_130, out=buf381)
            del view_130
            buf382 = reinterpret_tensor(buf377, (1, 768, 32), (24576, 1, 768), 0); del buf377  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, sum_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf379, buf382, 24576, 128, stream=stream0)
            buf383 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1003, convert_element_type_1004, mul_392, mul_393, view_445, sum_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf382, buf383, 768, 32, stream=stream0)
            buf384 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1010], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf381, buf384, 2359296, stream=stream0)
            buf385 = reinterpret_tensor(buf380, (16, 256, 3072), (786432, 3072, 1), 0); del buf380  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf385, addmm_34, 12582912, stream=stream0)
            del addmm_34
            buf386 = reinterpret_tensor(buf379, (4096, 768), (768, 1), 0); del buf379  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, mm_78], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf385, (4096, 3072), (3072, 1), 0), permute_344, out=buf386)
            del permute_344
            buf387 = reinterpret_tensor(buf381, (3072, 768), (768, 1), 0); del buf381  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, permute_345, mm_79], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf385, (3072, 4096), (1, 3072), 0), view_128, out=buf387)
            del view_128
            buf388 = buf329; del buf329  # reuse
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, sum_118], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf385, buf388, 98304, 128, stream=stream0)
            buf389 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_447, convert_element_type_1012, hidden_states_43, hidden_states_44, mul_395, mul_396, mul_397, exp_21, mul_398, mul_399, add_145, mul_400, convert_element_type_1014, view_448, sum_118], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf388, buf389, 3072, 32, stream=stream0)
            buf390 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1021], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf387, buf390, 2359296, stream=stream0)
            buf393 = buf334; del buf334  # reuse
            buf398 = reinterpret_tensor(buf366, (16, 256, 768), (196608, 768, 1), 0); del buf366  # reuse
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_402, mul_403, sum_119, mul_404, sum_120, mul_405, sub_84, sub_85, mul_406, convert_element_type_1023, convert_element_type_1024, mul_408, mul_409], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf374, buf386, primals_97, mul_85, div_28, gt_17, buf393, buf398, 4096, 768, stream=stream0)
            del div_28
            del gt_17
            del primals_97
            buf394 = reinterpret_tensor(buf382, (768, 32), (1, 768), 0); del buf382  # reuse
            buf396 = buf375; del buf375  # reuse
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_407, sum_121, sum_122], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf374, buf386, mul_85, buf394, buf396, 24576, 128, stream=stream0)
            del mul_85
            buf395 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, mul_407, sum_121], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf394, buf395, 768, 32, stream=stream0)
            buf397 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_450, convert_element_type_1020, add_146, sum_122], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf396, buf397, 768, 32, stream=stream0)
            buf399 = buf386; del buf386  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, mm_80], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf398, (4096, 768), (768, 1), 0), permute_348, out=buf399)
            del permute_348
            buf400 = buf367; del buf367  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, permute_349, mm_81], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf398, (768, 4096), (1, 768), 0), view_126, out=buf400)
            del view_126
            buf401 = reinterpret_tensor(buf396, (1, 768, 32), (24576, 1, 768), 0); del buf396  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, sum_123], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf398, buf401, 24576, 128, stream=stream0)
            buf402 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1023, convert_element_type_1024, mul_408, mul_409, view_451, sum_123], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf401, buf402, 768, 32, stream=stream0)
            buf403 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1030], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf400, buf403, 589824, stream=stream0)
            buf405 = reinterpret_tensor(buf398, (192, 256, 64), (64, 12288, 1), 0); del buf398  # reuse
            # Topologically Sorted Source Nodes: [view_453, view_454, permute_352, convert_element_type_1032, clone_92, view_455, convert_element_type_1033], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf399, buf405, 3145728, stream=stream0)
            buf407 = reinterpret_tensor(buf385, (192, 256, 256), (65536, 256, 1), 0); del buf385  # reuse
            # Topologically Sorted Source Nodes: [bmm_49], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf405, convert_element_type_1037, out=buf407)
            del convert_element_type_1037
            buf404 = buf345; del buf345  # reuse
            buf409 = buf407; del buf407  # reuse
            # Topologically Sorted Source Nodes: [attn_output_15, permute_353, convert_element_type_1034, convert_element_type_1041, view_457, convert_element_type_1043, mul_410, mul_411, mul_412, sum_124, neg_7, fma_6, view_458, convert_element_type_1044], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf409, gt_16, where_11, buf404, 49152, 256, stream=stream0)
            del gt_16
            del where_11
            buf406 = reinterpret_tensor(buf399, (192, 256, 64), (16384, 64, 1), 0); del buf399  # reuse
            # Topologically Sorted Source Nodes: [view_453, view_454, permute_352, convert_element_type_1032, clone_92, view_455, attn_output_15, permute_353, convert_element_type_1033, convert_element_type_1034, bmm_48], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf404, buf405, out=buf406)
            buf410 = reinterpret_tensor(buf405, (192, 64, 256), (16384, 256, 1), 0); del buf405  # reuse
            # Topologically Sorted Source Nodes: [bmm_50], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1045, buf409, out=buf410)
            del convert_element_type_1045
            buf411 = reinterpret_tensor(buf360, (192, 256, 64), (16384, 64, 1), 0); del buf360  # reuse
            # Topologically Sorted Source Nodes: [bmm_51], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf409, convert_element_type_1048, out=buf411)
            del convert_element_type_1048
            buf412 = buf354; del buf354  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1042, view_456, convert_element_type_1054, permute_358, clone_94, view_461, view_462], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf406, buf412, 3145728, stream=stream0)
            buf413 = reinterpret_tensor(buf406, (4096, 768), (768, 1), 0); del buf406  # reuse
            # Topologically Sorted Source Nodes: [mm_82], Original ATen: [aten.mm]
            extern_kernels.mm(buf412, permute_359, out=buf413)
            del permute_359
            buf414 = buf400; del buf400  # reuse
            # Topologically Sorted Source Nodes: [permute_360, mm_83], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf412, (768, 4096), (1, 768), 0), view_110, out=buf414)
            buf415 = buf401; del buf401  # reuse
            # Topologically Sorted Source Nodes: [sum_125], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf412, buf415, 24576, 128, stream=stream0)
            buf416 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_125], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf415, buf416, 768, 32, stream=stream0)
            buf417 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1063], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf414, buf417, 589824, stream=stream0)
            buf418 = buf412; del buf412  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1053, view_459, mul_413, permute_357, convert_element_type_1055, permute_363, view_465, clone_95, view_466], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf410, buf418, 4096, 768, stream=stream0)
            buf419 = reinterpret_tensor(buf410, (4096, 768), (768, 1), 0); del buf410  # reuse
            # Topologically Sorted Source Nodes: [mm_84], Original ATen: [aten.mm]
            extern_kernels.mm(buf418, permute_364, out=buf419)
            del permute_364
            buf420 = buf414; del buf414  # reuse
            # Topologically Sorted Source Nodes: [permute_365, mm_85], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf418, (768, 4096), (1, 768), 0), view_110, out=buf420)
            buf421 = buf415; del buf415  # reuse
            # Topologically Sorted Source Nodes: [sum_126], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf418, buf421, 24576, 128, stream=stream0)
            buf422 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_126], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf421, buf422, 768, 32, stream=stream0)
            buf423 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1071], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf420, buf423, 589824, stream=stream0)
            buf424 = buf418; del buf418  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1052, view_460, mul_414, convert_element_type_1056, permute_368, clone_96, view_469, view_470], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf411, buf424, 3145728, stream=stream0)
            buf425 = reinterpret_tensor(buf411, (4096, 768), (768, 1), 0); del buf411  # reuse
            # Topologically Sorted Source Nodes: [mm_86], Original ATen: [aten.mm]
            extern_kernels.mm(buf424, permute_369, out=buf425)
            del permute_369
            buf426 = buf420; del buf420  # reuse
            # Topologically Sorted Source Nodes: [permute_370, mm_87], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf424, (768, 4096), (1, 768), 0), view_110, out=buf426)
            del view_110
            buf427 = buf421; del buf421  # reuse
            # Topologically Sorted Source Nodes: [sum_127], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf424, buf427, 24576, 128, stream=stream0)
            buf428 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_127], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf427, buf428, 768, 32, stream=stream0)
            buf429 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1079], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf426, buf429, 589824, stream=stream0)
            buf430 = buf374; del buf374  # reuse
            buf433 = buf430; del buf430  # reuse
            buf438 = reinterpret_tensor(buf424, (16, 256, 768), (196608, 768, 1), 0); del buf424  # reuse
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_416, mul_417, sum_128, mul_418, sum_129, mul_419, sub_87, sub_88, mul_420, convert_element_type_1081, convert_element_type_1082, mul_422, mul_423], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf433, buf393, buf413, buf419, buf425, primals_87, mul_77, div_29, gt_15, buf438, 4096, 768, stream=stream0)
            del div_29
            del gt_15
            del primals_87
            buf434 = reinterpret_tensor(buf427, (768, 32), (1, 768), 0); del buf427  # reuse
            buf436 = buf394; del buf394  # reuse
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_421, sum_130, sum_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf393, buf413, buf419, buf425, mul_77, buf434, buf436, 24576, 128, stream=stream0)
            del mul_77
            buf435 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, mul_421, sum_130], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf434, buf435, 768, 32, stream=stream0)
            buf437 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_464, convert_element_type_1062, add_147, view_468, convert_element_type_1070, add_148, view_472, convert_element_type_1078, add_149, sum_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf436, buf437, 768, 32, stream=stream0)
            buf439 = reinterpret_tensor(buf409, (4096, 3072), (3072, 1), 0); del buf409  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, mm_88], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf438, (4096, 768), (768, 1), 0), permute_373, out=buf439)
            del permute_373
            buf440 = reinterpret_tensor(buf387, (768, 3072), (3072, 1), 0); del buf387  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, permute_374, mm_89], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf438, (768, 4096), (1, 768), 0), view_108, out=buf440)
            del view_108
            buf441 = reinterpret_tensor(buf436, (1, 768, 32), (24576, 1, 768), 0); del buf436  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, sum_132], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf438, buf441, 24576, 128, stream=stream0)
            buf442 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1081, convert_element_type_1082, mul_422, mul_423, view_473, sum_132], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf441, buf442, 768, 32, stream=stream0)
            buf443 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1088], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf440, buf443, 2359296, stream=stream0)
            buf444 = reinterpret_tensor(buf439, (16, 256, 3072), (786432, 3072, 1), 0); del buf439  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf444, addmm_28, 12582912, stream=stream0)
            del addmm_28
            buf445 = reinterpret_tensor(buf438, (4096, 768), (768, 1), 0); del buf438  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, mm_90], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf444, (4096, 3072), (3072, 1), 0), permute_377, out=buf445)
            del permute_377
            buf446 = reinterpret_tensor(buf440, (3072, 768), (768, 1), 0); del buf440  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, permute_378, mm_91], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf444, (3072, 4096), (1, 3072), 0), view_106, out=buf446)
            del view_106
            buf447 = buf388; del buf388  # reuse
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, sum_133], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf444, buf447, 98304, 128, stream=stream0)
            buf448 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_475, convert_element_type_1090, hidden_states_35, hidden_states_36, mul_425, mul_426, mul_427, exp_22, mul_428, mul_429, add_151, mul_430, convert_element_type_1092, view_476, sum_133], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf447, buf448, 3072, 32, stream=stream0)
            buf449 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1099], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf446, buf449, 2359296, stream=stream0)
            buf452 = buf393; del buf393  # reuse
            buf457 = reinterpret_tensor(buf425, (16, 256, 768), (196608, 768, 1), 0); del buf425  # reuse
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_432, mul_433, sum_134, mul_434, sum_135, mul_435, sub_90, sub_91, mul_436, convert_element_type_1101, convert_element_type_1102, mul_438, mul_439], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf433, buf445, primals_81, mul_70, div_30, gt_14, buf452, buf457, 4096, 768, stream=stream0)
            del div_30
            del gt_14
            del primals_81
            buf453 = reinterpret_tensor(buf441, (768, 32), (1, 768), 0); del buf441  # reuse
            buf455 = buf434; del buf434  # reuse
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_437, sum_136, sum_137], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf433, buf445, mul_70, buf453, buf455, 24576, 128, stream=stream0)
            del mul_70
            buf454 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, mul_437, sum_136], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf453, buf454, 768, 32, stream=stream0)
            buf456 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_478, convert_element_type_1098, add_152, sum_137], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf455, buf456, 768, 32, stream=stream0)
            buf458 = buf445; del buf445  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, mm_92], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf457, (4096, 768), (768, 1), 0), permute_381, out=buf458)
            del permute_381
            buf459 = buf426; del buf426  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, permute_382, mm_93], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf457, (768, 4096), (1, 768), 0), view_104, out=buf459)
            del view_104
            buf460 = reinterpret_tensor(buf455, (1, 768, 32), (24576, 1, 768), 0); del buf455  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, sum_138], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf457, buf460, 24576, 128, stream=stream0)
            buf461 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1101, convert_element_type_1102, mul_438, mul_439, view_479, sum_138], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf460, buf461, 768, 32, stream=stream0)
            buf462 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1108], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf459, buf462, 589824, stream=stream0)
            buf464 = reinterpret_tensor(buf457, (192, 256, 64), (64, 12288, 1), 0); del buf457  # reuse
            # Topologically Sorted Source Nodes: [view_481, view_482, permute_385, convert_element_type_1110, clone_99, view_483, convert_element_type_1111], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf458, buf464, 3145728, stream=stream0)
            buf466 = reinterpret_tensor(buf444, (192, 256, 256), (65536, 256, 1), 0); del buf444  # reuse
            # Topologically Sorted Source Nodes: [bmm_53], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf464, convert_element_type_1115, out=buf466)
            del convert_element_type_1115
            buf463 = buf404; del buf404  # reuse
            buf468 = buf466; del buf466  # reuse
            # Topologically Sorted Source Nodes: [attn_output_12, permute_386, convert_element_type_1112, convert_element_type_1119, view_485, convert_element_type_1121, mul_440, mul_441, mul_442, sum_139, neg_8, fma_7, view_486, convert_element_type_1122], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf468, gt_13, where_9, buf463, 49152, 256, stream=stream0)
            del gt_13
            del where_9
            buf465 = reinterpret_tensor(buf458, (192, 256, 64), (16384, 64, 1), 0); del buf458  # reuse
            # Topologically Sorted Source Nodes: [view_481, view_482, permute_385, convert_element_type_1110, clone_99, view_483, attn_output_12, permute_386, convert_element_type_1111, convert_element_type_1112, bmm_52], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf463, buf464, out=buf465)
            buf469 = reinterpret_tensor(buf464, (192, 64, 256), (16384, 256, 1), 0); del buf464  # reuse
            # Topologically Sorted Source Nodes: [bmm_54], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1123, buf468, out=buf469)
            del convert_element_type_1123
            buf470 = reinterpret_tensor(buf419, (192, 256, 64), (16384, 64, 1), 0); del buf419  # reuse
            # Topologically Sorted Source Nodes: [bmm_55], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf468, convert_element_type_1126, out=buf470)
            del convert_element_type_1126
            buf471 = buf413; del buf413  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1120, view_484, convert_element_type_1132, permute_391, clone_101, view_489, view_490], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf465, buf471, 3145728, stream=stream0)
            buf472 = reinterpret_tensor(buf465, (4096, 768), (768, 1), 0); del buf465  # reuse
            # Topologically Sorted Source Nodes: [mm_94], Original ATen: [aten.mm]
            extern_kernels.mm(buf471, permute_392, out=buf472)
            del permute_392
            buf473 = buf459; del buf459  # reuse
            # Topologically Sorted Source Nodes: [permute_393, mm_95], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf471, (768, 4096), (1, 768), 0), view_88, out=buf473)
            buf474 = buf460; del buf460  # reuse
            # Topologically Sorted Source Nodes: [sum_140], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf471, buf474, 24576, 128, stream=stream0)
            buf475 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_140], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf474, buf475, 768, 32, stream=stream0)
            buf476 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1141], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf473, buf476, 589824, stream=stream0)
            buf477 = buf471; del buf471  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1131, view_487, mul_443, permute_390, convert_element_type_1133, permute_396, view_493, clone_102, view_494], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf469, buf477, 4096, 768, stream=stream0)
            buf478 = reinterpret_tensor(buf469, (4096, 768), (768, 1), 0); del buf469  # reuse
            # Topologically Sorted Source Nodes: [mm_96], Original ATen: [aten.mm]
            extern_kernels.mm(buf477, permute_397, out=buf478)
            del permute_397
            buf479 = buf473; del buf473  # reuse
            # Topologically Sorted Source Nodes: [permute_398, mm_97], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf477, (768, 4096), (1, 768), 0), view_88, out=buf479)
            buf480 = buf474; del buf474  # reuse
            # Topologically Sorted Source Nodes: [sum_141], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf477, buf480, 24576, 128, stream=stream0)
            buf481 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_141], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf480, buf481, 768, 32, stream=stream0)
            buf482 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1149], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf479, buf482, 589824, stream=stream0)
            buf483 = buf477; del buf477  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1130, view_488, mul_444, convert_element_type_1134, permute_401, clone_103, view_497, view_498], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf470, buf483, 3145728, stream=stream0)
            buf484 = reinterpret_tensor(buf470, (4096, 768), (768, 1), 0); del buf470  # reuse
            # Topologically Sorted Source Nodes: [mm_98], Original ATen: [aten.mm]
            extern_kernels.mm(buf483, permute_402, out=buf484)
            del permute_402
            buf485 = buf479; del buf479  # reuse
            # Topologically Sorted Source Nodes: [permute_403, mm_99], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf483, (768, 4096), (1, 768), 0), view_88, out=buf485)
            del view_88
            buf486 = buf480; del buf480  # reuse
            # Topologically Sorted Source Nodes: [sum_142], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf483, buf486, 24576, 128, stream=stream0)
            buf487 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_142], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf486, buf487, 768, 32, stream=stream0)
            buf488 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1157], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf485, buf488, 589824, stream=stream0)
            buf489 = buf433; del buf433  # reuse
            buf492 = buf489; del buf489  # reuse
            buf497 = reinterpret_tensor(buf483, (16, 256, 768), (196608, 768, 1), 0); del buf483  # reuse
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_446, mul_447, sum_143, mul_448, sum_144, mul_449, sub_93, sub_94, mul_450, convert_element_type_1159, convert_element_type_1160, mul_452, mul_453], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf492, buf452, buf472, buf478, buf484, primals_71, mul_62, div_31, gt_12, buf497, 4096, 768, stream=stream0)
            del div_31
            del gt_12
            del primals_71
            buf493 = reinterpret_tensor(buf486, (768, 32), (1, 768), 0); del buf486  # reuse
            buf495 = buf453; del buf453  # reuse
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_451, sum_145, sum_146], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf452, buf472, buf478, buf484, mul_62, buf493, buf495, 24576, 128, stream=stream0)
            del mul_62
            buf494 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, mul_451, sum_145], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf493, buf494, 768, 32, stream=stream0)
            buf496 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_492, convert_element_type_1140, add_153, view_496, convert_element_type_1148, add_154, view_500, convert_element_type_1156, add_155, sum_146], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf495, buf496, 768, 32, stream=stream0)
            buf498 = reinterpret_tensor(buf468, (4096, 3072), (3072, 1), 0); del buf468  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, mm_100], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf497, (4096, 768), (768, 1), 0), permute_406, out=buf498)
            del permute_406
            buf499 = reinterpret_tensor(buf446, (768, 3072), (3072, 1), 0); del buf446  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, permute_407, mm_101], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf497, (768, 4096), (1, 768), 0), view_86, out=buf499)
            del view_86
            buf500 = reinterpret_tensor(buf495, (1, 768, 32), (24576, 1, 768), 0); del buf495  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, sum_147], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf497, buf500, 24576, 128, stream=stream0)
            buf501 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1159, convert_element_type_1160, mul_452, mul_453, view_501, sum_147], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf500, buf501, 768, 32, stream=stream0)
            buf502 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1166], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf499, buf502, 2359296, stream=stream0)
            buf503 = reinterpret_tensor(buf498, (16, 256, 3072), (786432, 3072, 1), 0); del buf498  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf503, addmm_22, 12582912, stream=stream0)
            del addmm_22
            buf504 = reinterpret_tensor(buf497, (4096, 768), (768, 1), 0); del buf497  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, mm_102], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf503, (4096, 3072), (3072, 1), 0), permute_410, out=buf504)
            del permute_410
            buf505 = reinterpret_tensor(buf499, (3072, 768), (768, 1), 0); del buf499  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, permute_411, mm_103], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf503, (3072, 4096), (1, 3072), 0), view_84, out=buf505)
            del view_84
            buf506 = buf447; del buf447  # reuse
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, sum_148], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf503, buf506, 98304, 128, stream=stream0)
            buf507 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_503, convert_element_type_1168, hidden_states_27, hidden_states_28, mul_455, mul_456, mul_457, exp_23, mul_458, mul_459, add_157, mul_460, convert_element_type_1170, view_504, sum_148], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf506, buf507, 3072, 32, stream=stream0)
            buf508 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1177], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf505, buf508, 2359296, stream=stream0)
            buf511 = buf452; del buf452  # reuse
            buf516 = reinterpret_tensor(buf484, (16, 256, 768), (196608, 768, 1), 0); del buf484  # reuse
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_462, mul_463, sum_149, mul_464, sum_150, mul_465, sub_96, sub_97, mul_466, convert_element_type_1179, convert_element_type_1180, mul_468, mul_469], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf492, buf504, primals_65, mul_55, div_32, gt_11, buf511, buf516, 4096, 768, stream=stream0)
            del div_32
            del gt_11
            del primals_65
            buf512 = reinterpret_tensor(buf500, (768, 32), (1, 768), 0); del buf500  # reuse
            buf514 = buf493; del buf493  # reuse
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_467, sum_151, sum_152], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf492, buf504, mul_55, buf512, buf514, 24576, 128, stream=stream0)
            del mul_55
            buf513 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, mul_467, sum_151], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf512, buf513, 768, 32, stream=stream0)
            buf515 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_506, convert_element_type_1176, add_158, sum_152], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf514, buf515, 768, 32, stream=stream0)
            buf517 = buf504; del buf504  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, mm_104], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf516, (4096, 768), (768, 1), 0), permute_414, out=buf517)
            del permute_414
            buf518 = buf485; del buf485  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, permute_415, mm_105], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf516, (768, 4096), (1, 768), 0), view_82, out=buf518)
            del view_82
            buf519 = reinterpret_tensor(buf514, (1, 768, 32), (24576, 1, 768), 0); del buf514  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, sum_153], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf516, buf519, 24576, 128, stream=stream0)
            buf520 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1179, convert_element_type_1180, mul_468, mul_469, view_507, sum_153], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf519, buf520, 768, 32, stream=stream0)
            buf521 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1186], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf518, buf521, 589824, stream=stream0)
            buf523 = reinterpret_tensor(buf516, (192, 256, 64), (64, 12288, 1), 0); del buf516  # reuse
            # Topologically Sorted Source Nodes: [view_509, view_510, permute_418, convert_element_type_1188, clone_106, view_511, convert_element_type_1189], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf517, buf523, 3145728, stream=stream0)
            buf525 = reinterpret_tensor(buf503, (192, 256, 256), (65536, 256, 1), 0); del buf503  # reuse
            # Topologically Sorted Source Nodes: [bmm_57], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf523, convert_element_type_1193, out=buf525)
            del convert_element_type_1193
            buf522 = buf463; del buf463  # reuse
            buf527 = buf525; del buf525  # reuse
            # Topologically Sorted Source Nodes: [attn_output_9, permute_419, convert_element_type_1190, convert_element_type_1197, view_513, convert_element_type_1199, mul_470, mul_471, mul_472, sum_154, neg_9, fma_8, view_514, convert_element_type_1200], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf527, gt_10, where_7, buf522, 49152, 256, stream=stream0)
            del gt_10
            del where_7
            buf524 = reinterpret_tensor(buf517, (192, 256, 64), (16384, 64, 1), 0); del buf517  # reuse
            # Topologically Sorted Source Nodes: [view_509, view_510, permute_418, convert_element_type_1188, clone_106, view_511, attn_output_9, permute_419, convert_element_type_1189, convert_element_type_1190, bmm_56], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf522, buf523, out=buf524)
            buf528 = reinterpret_tensor(buf523, (192, 64, 256), (16384, 256, 1), 0); del buf523  # reuse
            # Topologically Sorted Source Nodes: [bmm_58], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1201, buf527, out=buf528)
            del convert_element_type_1201
            buf529 = reinterpret_tensor(buf478, (192, 256, 64), (16384, 64, 1), 0); del buf478  # reuse
            # Topologically Sorted Source Nodes: [bmm_59], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf527, convert_element_type_1204, out=buf529)
            del convert_element_type_1204
            buf530 = buf472; del buf472  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1198, view_512, convert_element_type_1210, permute_424, clone_108, view_517, view_518], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf524, buf530, 3145728, stream=stream0)
            buf531 = reinterpret_tensor(buf524, (4096, 768), (768, 1), 0); del buf524  # reuse
            # Topologically Sorted Source Nodes: [mm_106], Original ATen: [aten.mm]
            extern_kernels.mm(buf530, permute_425, out=buf531)
            del permute_425
            buf532 = buf518; del buf518  # reuse
            # Topologically Sorted Source Nodes: [permute_426, mm_107], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf530, (768, 4096), (1, 768), 0), view_66, out=buf532)
            buf533 = buf519; del buf519  # reuse
            # Topologically Sorted Source Nodes: [sum_155], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf530, buf533, 24576, 128, stream=stream0)
            buf534 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_155], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf533, buf534, 768, 32, stream=stream0)
            buf535 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1219], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf532, buf535, 589824, stream=stream0)
            buf536 = buf530; del buf530  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1209, view_515, mul_473, permute_423, convert_element_type_1211, permute_429, view_521, clone_109, view_522], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf528, buf536, 4096, 768, stream=stream0)
            buf537 = reinterpret_tensor(buf528, (4096, 768), (768, 1), 0); del buf528  # reuse
            # Topologically Sorted Source Nodes: [mm_108], Original ATen: [aten.mm]
            extern_kernels.mm(buf536, permute_430, out=buf537)
            del permute_430
            buf538 = buf532; del buf532  # reuse
            # Topologically Sorted Source Nodes: [permute_431, mm_109], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf536, (768, 4096), (1, 768), 0), view_66, out=buf538)
            buf539 = buf533; del buf533  # reuse
            # Topologically Sorted Source Nodes: [sum_156], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf536, buf539, 24576, 128, stream=stream0)
            buf540 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_156], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf539, buf540, 768, 32, stream=stream0)
            buf541 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1227], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf538, buf541, 589824, stream=stream0)
            buf542 = buf536; del buf536  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1208, view_516, mul_474, convert_element_type_1212, permute_434, clone_110, view_525, view_526], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf529, buf542, 3145728, stream=stream0)
            buf543 = reinterpret_tensor(buf529, (4096, 768), (768, 1), 0); del buf529  # reuse
            # Topologically Sorted Source Nodes: [mm_110], Original ATen: [aten.mm]
            extern_kernels.mm(buf542, permute_435, out=buf543)
            del permute_435
            buf544 = buf538; del buf538  # reuse
            # Topologically Sorted Source Nodes: [permute_436, mm_111], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf542, (768, 4096), (1, 768), 0), view_66, out=buf544)
            del view_66
            buf545 = buf539; del buf539  # reuse
            # Topologically Sorted Source Nodes: [sum_157], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf542, buf545, 24576, 128, stream=stream0)
            buf546 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_157], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf545, buf546, 768, 32, stream=stream0)
            buf547 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1235], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf544, buf547, 589824, stream=stream0)
            buf548 = buf492; del buf492  # reuse
            buf551 = buf548; del buf548  # reuse
            buf556 = reinterpret_tensor(buf542, (16, 256, 768), (196608, 768, 1), 0); del buf542  # reuse
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_476, mul_477, sum_158, mul_478, sum_159, mul_479, sub_99, sub_100, mul_480, convert_element_type_1237, convert_element_type_1238, mul_482, mul_483], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf551, buf511, buf531, buf537, buf543, primals_55, mul_47, div_33, gt_9, buf556, 4096, 768, stream=stream0)
            del div_33
            del gt_9
            del primals_55
            buf552 = reinterpret_tensor(buf545, (768, 32), (1, 768), 0); del buf545  # reuse
            buf554 = buf512; del buf512  # reuse
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_481, sum_160, sum_161], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf511, buf531, buf537, buf543, mul_47, buf552, buf554, 24576, 128, stream=stream0)
            del mul_47
            buf553 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, mul_481, sum_160], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf552, buf553, 768, 32, stream=stream0)
            buf555 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_520, convert_element_type_1218, add_159, view_524, convert_element_type_1226, add_160, view_528, convert_element_type_1234, add_161, sum_161], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf554, buf555, 768, 32, stream=stream0)
            buf557 = reinterpret_tensor(buf527, (4096, 3072), (3072, 1), 0); del buf527  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, mm_112], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf556, (4096, 768), (768, 1), 0), permute_439, out=buf557)
            del permute_439
            buf558 = reinterpret_tensor(buf505, (768, 3072), (3072, 1), 0); del buf505  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, permute_440, mm_113], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf556, (768, 4096), (1, 768), 0), view_64, out=buf558)
            del view_64
            buf559 = reinterpret_tensor(buf554, (1, 768, 32), (24576, 1, 768), 0); del buf554  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, sum_162], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf556, buf559, 24576, 128, stream=stream0)
            buf560 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1237, convert_element_type_1238, mul_482, mul_483, view_529, sum_162], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf559, buf560, 768, 32, stream=stream0)
            buf561 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1244], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf558, buf561, 2359296, stream=stream0)
            buf562 = reinterpret_tensor(buf557, (16, 256, 3072), (786432, 3072, 1), 0); del buf557  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf562, addmm_16, 12582912, stream=stream0)
            del addmm_16
            buf563 = reinterpret_tensor(buf556, (4096, 768), (768, 1), 0); del buf556  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, mm_114], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf562, (4096, 3072), (3072, 1), 0), permute_443, out=buf563)
            del permute_443
            buf564 = reinterpret_tensor(buf558, (3072, 768), (768, 1), 0); del buf558  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, permute_444, mm_115], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf562, (3072, 4096), (1, 3072), 0), view_62, out=buf564)
            del view_62
            buf565 = buf506; del buf506  # reuse
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, sum_163], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf562, buf565, 98304, 128, stream=stream0)
            buf566 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_531, convert_element_type_1246, hidden_states_19, hidden_states_20, mul_485, mul_486, mul_487, exp_24, mul_488, mul_489, add_163, mul_490, convert_element_type_1248, view_532, sum_163], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf565, buf566, 3072, 32, stream=stream0)
            buf567 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1255], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf564, buf567, 2359296, stream=stream0)
            buf570 = buf511; del buf511  # reuse
            buf575 = reinterpret_tensor(buf543, (16, 256, 768), (196608, 768, 1), 0); del buf543  # reuse
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_492, mul_493, sum_164, mul_494, sum_165, mul_495, sub_102, sub_103, mul_496, convert_element_type_1257, convert_element_type_1258, mul_498, mul_499], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf551, buf563, primals_49, mul_40, div_34, gt_8, buf570, buf575, 4096, 768, stream=stream0)
            del div_34
            del gt_8
            del primals_49
            buf571 = reinterpret_tensor(buf559, (768, 32), (1, 768), 0); del buf559  # reuse
            buf573 = buf552; del buf552  # reuse
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_497, sum_166, sum_167], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf551, buf563, mul_40, buf571, buf573, 24576, 128, stream=stream0)
            del mul_40
            buf572 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, mul_497, sum_166], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf571, buf572, 768, 32, stream=stream0)
            buf574 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_534, convert_element_type_1254, add_164, sum_167], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf573, buf574, 768, 32, stream=stream0)
            buf576 = buf563; del buf563  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, mm_116], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf575, (4096, 768), (768, 1), 0), permute_447, out=buf576)
            del permute_447
            buf577 = buf544; del buf544  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, permute_448, mm_117], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf575, (768, 4096), (1, 768), 0), view_60, out=buf577)
            del view_60
            buf578 = reinterpret_tensor(buf573, (1, 768, 32), (24576, 1, 768), 0); del buf573  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, sum_168], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf575, buf578, 24576, 128, stream=stream0)
            buf579 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1257, convert_element_type_1258, mul_498, mul_499, view_535, sum_168], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf578, buf579, 768, 32, stream=stream0)
            buf580 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1264], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf577, buf580, 589824, stream=stream0)
            buf582 = reinterpret_tensor(buf575, (192, 256, 64), (64, 12288, 1), 0); del buf575  # reuse
            # Topologically Sorted Source Nodes: [view_537, view_538, permute_451, convert_element_type_1266, clone_113, view_539, convert_element_type_1267], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf576, buf582, 3145728, stream=stream0)
            buf584 = reinterpret_tensor(buf562, (192, 256, 256), (65536, 256, 1), 0); del buf562  # reuse
            # Topologically Sorted Source Nodes: [bmm_61], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf582, convert_element_type_1271, out=buf584)
            del convert_element_type_1271
            buf581 = buf522; del buf522  # reuse
            buf586 = buf584; del buf584  # reuse
            # Topologically Sorted Source Nodes: [attn_output_6, permute_452, convert_element_type_1268, convert_element_type_1275, view_541, convert_element_type_1277, mul_500, mul_501, mul_502, sum_169, neg_10, fma_9, view_542, convert_element_type_1278], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf586, gt_7, where_5, buf581, 49152, 256, stream=stream0)
            del gt_7
            del where_5
            buf583 = reinterpret_tensor(buf576, (192, 256, 64), (16384, 64, 1), 0); del buf576  # reuse
            # Topologically Sorted Source Nodes: [view_537, view_538, permute_451, convert_element_type_1266, clone_113, view_539, attn_output_6, permute_452, convert_element_type_1267, convert_element_type_1268, bmm_60], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf581, buf582, out=buf583)
            buf587 = reinterpret_tensor(buf582, (192, 64, 256), (16384, 256, 1), 0); del buf582  # reuse
            # Topologically Sorted Source Nodes: [bmm_62], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1279, buf586, out=buf587)
            del convert_element_type_1279
            buf588 = reinterpret_tensor(buf537, (192, 256, 64), (16384, 64, 1), 0); del buf537  # reuse
            # Topologically Sorted Source Nodes: [bmm_63], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf586, convert_element_type_1282, out=buf588)
            del convert_element_type_1282
            buf589 = buf531; del buf531  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1276, view_540, convert_element_type_1288, permute_457, clone_115, view_545, view_546], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf583, buf589, 3145728, stream=stream0)
            buf590 = reinterpret_tensor(buf583, (4096, 768), (768, 1), 0); del buf583  # reuse
            # Topologically Sorted Source Nodes: [mm_118], Original ATen: [aten.mm]
            extern_kernels.mm(buf589, permute_458, out=buf590)
            del permute_458
            buf591 = buf577; del buf577  # reuse
            # Topologically Sorted Source Nodes: [permute_459, mm_119], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf589, (768, 4096), (1, 768), 0), view_44, out=buf591)
            buf592 = buf578; del buf578  # reuse
            # Topologically Sorted Source Nodes: [sum_170], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf589, buf592, 24576, 128, stream=stream0)
            buf593 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_170], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf592, buf593, 768, 32, stream=stream0)
            buf594 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1297], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf591, buf594, 589824, stream=stream0)
            buf595 = buf589; del buf589  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1287, view_543, mul_503, permute_456, convert_element_type_1289, permute_462, view_549, clone_116, view_550], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf587, buf595, 4096, 768, stream=stream0)
            buf596 = reinterpret_tensor(buf587, (4096, 768), (768, 1), 0); del buf587  # reuse
            # Topologically Sorted Source Nodes: [mm_120], Original ATen: [aten.mm]
            extern_kernels.mm(buf595, permute_463, out=buf596)
            del permute_463
            buf597 = buf591; del buf591  # reuse
            # Topologically Sorted Source Nodes: [permute_464, mm_121], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf595, (768, 4096), (1, 768), 0), view_44, out=buf597)
            buf598 = buf592; del buf592  # reuse
            # Topologically Sorted Source Nodes: [sum_171], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf595, buf598, 24576, 128, stream=stream0)
            buf599 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_171], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf598, buf599, 768, 32, stream=stream0)
            buf600 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1305], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf597, buf600, 589824, stream=stream0)
            buf601 = buf595; del buf595  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1286, view_544, mul_504, convert_element_type_1290, permute_467, clone_117, view_553, view_554], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf588, buf601, 3145728, stream=stream0)
            buf602 = reinterpret_tensor(buf588, (4096, 768), (768, 1), 0); del buf588  # reuse
            # Topologically Sorted Source Nodes: [mm_122], Original ATen: [aten.mm]
            extern_kernels.mm(buf601, permute_468, out=buf602)
            del permute_468
            buf603 = buf597; del buf597  # reuse
            # Topologically Sorted Source Nodes: [permute_469, mm_123], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf601, (768, 4096), (1, 768), 0), view_44, out=buf603)
            del view_44
            buf604 = buf598; del buf598  # reuse
            # Topologically Sorted Source Nodes: [sum_172], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf601, buf604, 24576, 128, stream=stream0)
            buf605 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_172], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf604, buf605, 768, 32, stream=stream0)
            buf606 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1313], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf603, buf606, 589824, stream=stream0)
            buf607 = buf551; del buf551  # reuse
            buf610 = buf607; del buf607  # reuse
            buf615 = reinterpret_tensor(buf601, (16, 256, 768), (196608, 768, 1), 0); del buf601  # reuse
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_506, mul_507, sum_173, mul_508, sum_174, mul_509, sub_105, sub_106, mul_510, convert_element_type_1315, convert_element_type_1316, mul_512, mul_513], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf610, buf570, buf590, buf596, buf602, primals_39, mul_32, div_35, gt_6, buf615, 4096, 768, stream=stream0)
            del div_35
            del gt_6
            del primals_39
            buf611 = reinterpret_tensor(buf604, (768, 32), (1, 768), 0); del buf604  # reuse
            buf613 = buf571; del buf571  # reuse
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_511, sum_175, sum_176], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf570, buf590, buf596, buf602, mul_32, buf611, buf613, 24576, 128, stream=stream0)
            del mul_32
            buf612 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, mul_511, sum_175], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf611, buf612, 768, 32, stream=stream0)
            buf614 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_548, convert_element_type_1296, add_165, view_552, convert_element_type_1304, add_166, view_556, convert_element_type_1312, add_167, sum_176], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf613, buf614, 768, 32, stream=stream0)
            buf616 = reinterpret_tensor(buf586, (4096, 3072), (3072, 1), 0); del buf586  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, mm_124], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf615, (4096, 768), (768, 1), 0), permute_472, out=buf616)
            del permute_472
            buf617 = reinterpret_tensor(buf564, (768, 3072), (3072, 1), 0); del buf564  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, permute_473, mm_125], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf615, (768, 4096), (1, 768), 0), view_42, out=buf617)
            del view_42
            buf618 = reinterpret_tensor(buf613, (1, 768, 32), (24576, 1, 768), 0); del buf613  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, sum_177], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf615, buf618, 24576, 128, stream=stream0)
            buf619 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1315, convert_element_type_1316, mul_512, mul_513, view_557, sum_177], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf618, buf619, 768, 32, stream=stream0)
            buf620 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1322], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf617, buf620, 2359296, stream=stream0)
            buf621 = reinterpret_tensor(buf616, (16, 256, 3072), (786432, 3072, 1), 0); del buf616  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf621, addmm_10, 12582912, stream=stream0)
            del addmm_10
            buf622 = reinterpret_tensor(buf615, (4096, 768), (768, 1), 0); del buf615  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, mm_126], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf621, (4096, 3072), (3072, 1), 0), permute_476, out=buf622)
            del permute_476
            buf623 = reinterpret_tensor(buf617, (3072, 768), (768, 1), 0); del buf617  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, permute_477, mm_127], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf621, (3072, 4096), (1, 3072), 0), view_40, out=buf623)
            del view_40
            buf624 = buf565; del buf565  # reuse
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, sum_178], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf621, buf624, 98304, 128, stream=stream0)
            buf625 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_559, convert_element_type_1324, hidden_states_11, hidden_states_12, mul_515, mul_516, mul_517, exp_25, mul_518, mul_519, add_169, mul_520, convert_element_type_1326, view_560, sum_178], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf624, buf625, 3072, 32, stream=stream0)
            buf626 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1333], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf623, buf626, 2359296, stream=stream0)
            buf629 = buf570; del buf570  # reuse
            buf634 = reinterpret_tensor(buf602, (16, 256, 768), (196608, 768, 1), 0); del buf602  # reuse
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_522, mul_523, sum_179, mul_524, sum_180, mul_525, sub_108, sub_109, mul_526, convert_element_type_1335, convert_element_type_1336, mul_528, mul_529], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf610, buf622, primals_33, mul_25, div_36, gt_5, buf629, buf634, 4096, 768, stream=stream0)
            del div_36
            del gt_5
            del primals_33
            buf630 = reinterpret_tensor(buf618, (768, 32), (1, 768), 0); del buf618  # reuse
            buf632 = buf611; del buf611  # reuse
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_527, sum_181, sum_182], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf610, buf622, mul_25, buf630, buf632, 24576, 128, stream=stream0)
            del mul_25
            buf631 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, mul_527, sum_181], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf630, buf631, 768, 32, stream=stream0)
            buf633 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_562, convert_element_type_1332, add_170, sum_182], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf632, buf633, 768, 32, stream=stream0)
            buf635 = buf622; del buf622  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, mm_128], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf634, (4096, 768), (768, 1), 0), permute_480, out=buf635)
            del permute_480
            buf636 = buf603; del buf603  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, permute_481, mm_129], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf634, (768, 4096), (1, 768), 0), view_38, out=buf636)
            del view_38
            buf637 = reinterpret_tensor(buf632, (1, 768, 32), (24576, 1, 768), 0); del buf632  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, sum_183], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf634, buf637, 24576, 128, stream=stream0)
            buf638 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1335, convert_element_type_1336, mul_528, mul_529, view_563, sum_183], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf637, buf638, 768, 32, stream=stream0)
            buf639 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1342], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf636, buf639, 589824, stream=stream0)
            buf641 = reinterpret_tensor(buf634, (192, 256, 64), (64, 12288, 1), 0); del buf634  # reuse
            # Topologically Sorted Source Nodes: [view_565, view_566, permute_484, convert_element_type_1344, clone_120, view_567, convert_element_type_1345], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf635, buf641, 3145728, stream=stream0)
            buf643 = reinterpret_tensor(buf621, (192, 256, 256), (65536, 256, 1), 0); del buf621  # reuse
            # Topologically Sorted Source Nodes: [bmm_65], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf641, convert_element_type_1349, out=buf643)
            del convert_element_type_1349
            buf640 = buf581; del buf581  # reuse
            buf645 = buf643; del buf643  # reuse
            # Topologically Sorted Source Nodes: [attn_output_3, permute_485, convert_element_type_1346, convert_element_type_1353, view_569, convert_element_type_1355, mul_530, mul_531, mul_532, sum_184, neg_11, fma_10, view_570, convert_element_type_1356], Original ATen: [aten.native_dropout, aten.view, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_backward_data__to_copy_native_dropout_native_dropout_backward_transpose_view_16.run(buf645, gt_4, where_3, buf640, 49152, 256, stream=stream0)
            del gt_4
            del where_3
            buf642 = reinterpret_tensor(buf635, (192, 256, 64), (16384, 64, 1), 0); del buf635  # reuse
            # Topologically Sorted Source Nodes: [view_565, view_566, permute_484, convert_element_type_1344, clone_120, view_567, attn_output_3, permute_485, convert_element_type_1345, convert_element_type_1346, bmm_64], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf640, buf641, out=buf642)
            buf646 = reinterpret_tensor(buf641, (192, 64, 256), (16384, 256, 1), 0); del buf641  # reuse
            # Topologically Sorted Source Nodes: [bmm_66], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1357, buf645, out=buf646)
            del convert_element_type_1357
            buf647 = reinterpret_tensor(buf596, (192, 256, 64), (16384, 64, 1), 0); del buf596  # reuse
            # Topologically Sorted Source Nodes: [bmm_67], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf645, convert_element_type_1360, out=buf647)
            del convert_element_type_1360
            buf648 = buf590; del buf590  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1354, view_568, convert_element_type_1366, permute_490, clone_122, view_573, view_574], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf642, buf648, 3145728, stream=stream0)
            buf649 = reinterpret_tensor(buf642, (4096, 768), (768, 1), 0); del buf642  # reuse
            # Topologically Sorted Source Nodes: [mm_130], Original ATen: [aten.mm]
            extern_kernels.mm(buf648, permute_491, out=buf649)
            del permute_491
            buf650 = buf636; del buf636  # reuse
            # Topologically Sorted Source Nodes: [permute_492, mm_131], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf648, (768, 4096), (1, 768), 0), view_22, out=buf650)
            buf651 = buf637; del buf637  # reuse
            # Topologically Sorted Source Nodes: [sum_185], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf648, buf651, 24576, 128, stream=stream0)
            buf652 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_185], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf651, buf652, 768, 32, stream=stream0)
            buf653 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1375], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf650, buf653, 589824, stream=stream0)
            buf654 = buf648; del buf648  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1365, view_571, mul_533, permute_489, convert_element_type_1367, permute_495, view_577, clone_123, view_578], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf646, buf654, 4096, 768, stream=stream0)
            buf655 = reinterpret_tensor(buf646, (4096, 768), (768, 1), 0); del buf646  # reuse
            # Topologically Sorted Source Nodes: [mm_132], Original ATen: [aten.mm]
            extern_kernels.mm(buf654, permute_496, out=buf655)
            del permute_496
            buf656 = buf650; del buf650  # reuse
            # Topologically Sorted Source Nodes: [permute_497, mm_133], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf654, (768, 4096), (1, 768), 0), view_22, out=buf656)
            buf657 = buf651; del buf651  # reuse
            # Topologically Sorted Source Nodes: [sum_186], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf654, buf657, 24576, 128, stream=stream0)
            buf658 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_186], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf657, buf658, 768, 32, stream=stream0)
            buf659 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1383], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf656, buf659, 589824, stream=stream0)
            buf660 = buf654; del buf654  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1364, view_572, mul_534, convert_element_type_1368, permute_500, clone_124, view_581, view_582], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf647, buf660, 3145728, stream=stream0)
            buf661 = reinterpret_tensor(buf647, (4096, 768), (768, 1), 0); del buf647  # reuse
            # Topologically Sorted Source Nodes: [mm_134], Original ATen: [aten.mm]
            extern_kernels.mm(buf660, permute_501, out=buf661)
            del permute_501
            buf662 = buf656; del buf656  # reuse
            # Topologically Sorted Source Nodes: [permute_502, mm_135], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf660, (768, 4096), (1, 768), 0), view_22, out=buf662)
            del view_22
            buf663 = buf657; del buf657  # reuse
            # Topologically Sorted Source Nodes: [sum_187], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf660, buf663, 24576, 128, stream=stream0)
            buf664 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_187], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf663, buf664, 768, 32, stream=stream0)
            buf665 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1391], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf662, buf665, 589824, stream=stream0)
            buf666 = buf610; del buf610  # reuse
            buf669 = buf666; del buf666  # reuse
            buf674 = reinterpret_tensor(buf660, (16, 256, 768), (196608, 768, 1), 0); del buf660  # reuse
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_536, mul_537, sum_188, mul_538, sum_189, mul_539, sub_111, sub_112, mul_540, convert_element_type_1393, convert_element_type_1394, mul_542, mul_543], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_20.run(buf669, buf629, buf649, buf655, buf661, primals_23, mul_17, div_37, gt_3, buf674, 4096, 768, stream=stream0)
            del div_37
            del gt_3
            del primals_23
            buf670 = reinterpret_tensor(buf663, (768, 32), (1, 768), 0); del buf663  # reuse
            buf672 = buf630; del buf630  # reuse
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_541, sum_190, sum_191], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_21.run(buf629, buf649, buf655, buf661, mul_17, buf670, buf672, 24576, 128, stream=stream0)
            del mul_17
            buf671 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, mul_541, sum_190], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf670, buf671, 768, 32, stream=stream0)
            buf673 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_576, convert_element_type_1374, add_171, view_580, convert_element_type_1382, add_172, view_584, convert_element_type_1390, add_173, sum_191], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf672, buf673, 768, 32, stream=stream0)
            buf675 = reinterpret_tensor(buf645, (4096, 3072), (3072, 1), 0); del buf645  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, mm_136], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf674, (4096, 768), (768, 1), 0), permute_505, out=buf675)
            del permute_505
            buf676 = reinterpret_tensor(buf623, (768, 3072), (3072, 1), 0); del buf623  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, permute_506, mm_137], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf674, (768, 4096), (1, 768), 0), view_20, out=buf676)
            del view_20
            buf677 = reinterpret_tensor(buf672, (1, 768, 32), (24576, 1, 768), 0); del buf672  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, sum_192], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf674, buf677, 24576, 128, stream=stream0)
            buf678 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1393, convert_element_type_1394, mul_542, mul_543, view_585, sum_192], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf677, buf678, 768, 32, stream=stream0)
            buf679 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1400], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf676, buf679, 2359296, stream=stream0)
            buf680 = reinterpret_tensor(buf675, (16, 256, 3072), (786432, 3072, 1), 0); del buf675  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404], Original ATen: [aten.view, aten.gelu_backward, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_10.run(buf680, addmm_4, 12582912, stream=stream0)
            del addmm_4
            buf681 = reinterpret_tensor(buf674, (4096, 768), (768, 1), 0); del buf674  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, mm_138], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf680, (4096, 3072), (3072, 1), 0), permute_509, out=buf681)
            del permute_509
            buf682 = reinterpret_tensor(buf676, (3072, 768), (768, 1), 0); del buf676  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, permute_510, mm_139], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf680, (3072, 4096), (1, 3072), 0), view_18, out=buf682)
            del view_18
            buf683 = buf624; del buf624  # reuse
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, sum_193], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_11.run(buf680, buf683, 98304, 128, stream=stream0)
            buf684 = empty_strided_cuda((1, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_587, convert_element_type_1402, hidden_states_3, hidden_states_4, mul_545, mul_546, mul_547, exp_26, mul_548, mul_549, add_175, mul_550, convert_element_type_1404, view_588, sum_193], Original ATen: [aten.view, aten.gelu_backward, aten.gelu, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_12.run(buf683, buf684, 3072, 32, stream=stream0)
            del buf683
            buf685 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1411], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_9.run(buf682, buf685, 2359296, stream=stream0)
            del buf682
            buf688 = buf629; del buf629  # reuse
            buf693 = reinterpret_tensor(buf661, (16, 256, 768), (196608, 768, 1), 0); del buf661  # reuse
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_552, mul_553, sum_194, mul_554, sum_195, mul_555, sub_114, sub_115, mul_556, convert_element_type_1413, convert_element_type_1414, mul_558, mul_559], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward, aten.native_dropout_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_backward_native_layer_norm_backward_view_13.run(buf669, buf681, primals_17, mul_10, div_38, gt_2, buf688, buf693, 4096, 768, stream=stream0)
            del div_38
            del gt_2
            del primals_17
            buf689 = reinterpret_tensor(buf677, (768, 32), (1, 768), 0); del buf677  # reuse
            buf691 = buf670; del buf670  # reuse
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_557, sum_196, sum_197], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused__to_copy_add_native_layer_norm_backward_view_14.run(buf669, buf681, mul_10, buf689, buf691, 24576, 128, stream=stream0)
            del mul_10
            buf690 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, mul_557, sum_196], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf689, buf690, 768, 32, stream=stream0)
            buf692 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_590, convert_element_type_1410, add_176, sum_197], Original ATen: [aten.view, aten._to_copy, aten.add, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf691, buf692, 768, 32, stream=stream0)
            buf694 = buf681; del buf681  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, mm_140], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf693, (4096, 768), (768, 1), 0), permute_513, out=buf694)
            del permute_513
            buf695 = buf662; del buf662  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, permute_514, mm_141], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf693, (768, 4096), (1, 768), 0), view_16, out=buf695)
            del view_16
            buf696 = reinterpret_tensor(buf691, (1, 768, 32), (24576, 1, 768), 0); del buf691  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, sum_198], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf693, buf696, 24576, 128, stream=stream0)
            buf697 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1413, convert_element_type_1414, mul_558, mul_559, view_591, sum_198], Original ATen: [aten._to_copy, aten.native_dropout_backward, aten.view, aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf696, buf697, 768, 32, stream=stream0)
            buf698 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1420], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf695, buf698, 589824, stream=stream0)
            buf701 = reinterpret_tensor(buf693, (192, 256, 64), (64, 12288, 1), 0); del buf693  # reuse
            # Topologically Sorted Source Nodes: [view_593, view_594, permute_517, convert_element_type_1422, clone_127, view_595, convert_element_type_1423], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_15.run(buf694, buf701, 3145728, stream=stream0)
            buf703 = reinterpret_tensor(buf680, (192, 256, 256), (65536, 256, 1), 0); del buf680  # reuse
            # Topologically Sorted Source Nodes: [bmm_69], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf701, convert_element_type_1427, out=buf703)
            del convert_element_type_1427
            buf699 = reinterpret_tensor(bmm, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del bmm  # reuse
            buf700 = buf640; del buf640  # reuse
            buf705 = buf703; del buf703  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, permute_518, convert_element_type_1424, convert_element_type_1431, view_597, convert_element_type_1433, mul_560, mul_561, mul_562, sum_199, neg_12, fma_11, view_598, convert_element_type_1434], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten.view, aten.add, aten._safe_softmax, aten.native_dropout, aten.transpose, aten._to_copy, aten.native_dropout_backward, aten._softmax_backward_data]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax__softmax_backward_data__to_copy_add_expand_native_dropout_native_dropout_backward_scalar_tensor_transpose_view_where_22.run(buf699, buf705, logical_not_1, ge, amax, sum_1, gt_1, buf700, 49152, 256, stream=stream0)
            del amax
            del buf699
            del ge
            del gt_1
            del logical_not_1
            del sum_1
            buf702 = reinterpret_tensor(buf694, (192, 256, 64), (16384, 64, 1), 0); del buf694  # reuse
            # Topologically Sorted Source Nodes: [view_593, view_594, permute_517, convert_element_type_1422, clone_127, view_595, attn_output, permute_518, convert_element_type_1423, convert_element_type_1424, bmm_68], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.native_dropout, aten.bmm]
            extern_kernels.bmm(buf700, buf701, out=buf702)
            del buf700
            buf706 = reinterpret_tensor(buf701, (192, 64, 256), (16384, 256, 1), 0); del buf701  # reuse
            # Topologically Sorted Source Nodes: [bmm_70], Original ATen: [aten.bmm]
            extern_kernels.bmm(convert_element_type_1435, buf705, out=buf706)
            del convert_element_type_1435
            buf707 = reinterpret_tensor(buf655, (192, 256, 64), (16384, 64, 1), 0); del buf655  # reuse
            # Topologically Sorted Source Nodes: [bmm_71], Original ATen: [aten.bmm]
            extern_kernels.bmm(buf705, convert_element_type_1438, out=buf707)
            del buf705
            del convert_element_type_1438
            buf708 = buf649; del buf649  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1432, view_596, convert_element_type_1444, permute_523, clone_129, view_601, view_602], Original ATen: [aten._to_copy, aten.view, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_17.run(buf702, buf708, 3145728, stream=stream0)
            buf709 = reinterpret_tensor(buf702, (4096, 768), (768, 1), 0); del buf702  # reuse
            # Topologically Sorted Source Nodes: [mm_142], Original ATen: [aten.mm]
            extern_kernels.mm(buf708, permute_524, out=buf709)
            del permute_524
            buf710 = buf695; del buf695  # reuse
            # Topologically Sorted Source Nodes: [permute_525, mm_143], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf708, (768, 4096), (1, 768), 0), view, out=buf710)
            buf711 = buf696; del buf696  # reuse
            # Topologically Sorted Source Nodes: [sum_200], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf708, buf711, 24576, 128, stream=stream0)
            buf712 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_200], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf711, buf712, 768, 32, stream=stream0)
            buf713 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1453], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf710, buf713, 589824, stream=stream0)
            buf714 = buf708; del buf708  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1443, view_599, mul_563, permute_522, convert_element_type_1445, permute_528, view_605, clone_130, view_606], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_18.run(buf706, buf714, 4096, 768, stream=stream0)
            buf715 = reinterpret_tensor(buf706, (4096, 768), (768, 1), 0); del buf706  # reuse
            # Topologically Sorted Source Nodes: [mm_144], Original ATen: [aten.mm]
            extern_kernels.mm(buf714, permute_529, out=buf715)
            del permute_529
            buf716 = buf710; del buf710  # reuse
            # Topologically Sorted Source Nodes: [permute_530, mm_145], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf714, (768, 4096), (1, 768), 0), view, out=buf716)
            buf717 = buf711; del buf711  # reuse
            # Topologically Sorted Source Nodes: [sum_201], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf714, buf717, 24576, 128, stream=stream0)
            buf718 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_201], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf717, buf718, 768, 32, stream=stream0)
            buf719 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1461], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf716, buf719, 589824, stream=stream0)
            buf720 = buf714; del buf714  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_1442, view_600, mul_564, convert_element_type_1446, permute_533, clone_131, view_609, view_610], Original ATen: [aten._to_copy, aten.view, aten.mul, aten.transpose, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_19.run(buf707, buf720, 3145728, stream=stream0)
            buf721 = reinterpret_tensor(buf707, (4096, 768), (768, 1), 0); del buf707  # reuse
            # Topologically Sorted Source Nodes: [mm_146], Original ATen: [aten.mm]
            extern_kernels.mm(buf720, permute_534, out=buf721)
            del permute_534
            buf722 = buf716; del buf716  # reuse
            # Topologically Sorted Source Nodes: [permute_535, mm_147], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf720, (768, 4096), (1, 768), 0), view, out=buf722)
            del view
            buf723 = buf717; del buf717  # reuse
            # Topologically Sorted Source Nodes: [sum_202], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_5.run(buf720, buf723, 24576, 128, stream=stream0)
            del buf720
            buf724 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_202], Original ATen: [aten.sum]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf723, buf724, 768, 32, stream=stream0)
            buf725 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_1469], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_6.run(buf722, buf725, 589824, stream=stream0)
            del buf722
            buf737 = empty_strided_cuda((2, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_44], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_23.run(buf737, 1536, stream=stream0)
            buf739 = empty_strided_cuda((30522, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_46], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_24.run(buf739, 23440896, stream=stream0)
            buf726 = buf688; del buf688  # reuse
            buf729 = buf669; del buf669  # reuse
            # Topologically Sorted Source Nodes: [masked_lm_loss, view_604, convert_element_type_1452, add_177, view_608, convert_element_type_1460, add_178, view_612, convert_element_type_1468, add_179, convert_element_type_1471, mul_565, mul_566, mul_568, mul_569, sum_203, mul_570, sum_204, mul_571, sub_117, sub_118, mul_572, token_type_ids, eq_13, unsqueeze_6, where_29, full_default_44, index_put_1, eq_14, unsqueeze_7, where_30, full_default_46, index_put_2], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.native_dropout_backward, aten.native_layer_norm_backward, aten.expand, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_embedding_dense_backward_expand_native_dropout_backward_native_layer_norm_backward_nll_loss_forward_view_25.run(buf726, buf709, buf715, buf721, gt, primals_7, mul, div_39, gather, primals_1, buf729, buf737, buf739, 4096, 768, stream=stream0)
            del buf709
            del buf715
            del buf721
            del div_39
            del gather
            del gt
            del primals_1
            del primals_7
            buf730 = reinterpret_tensor(buf723, (768, 32), (1, 768), 0); del buf723  # reuse
            buf732 = buf689; del buf689  # reuse
            # Topologically Sorted Source Nodes: [mul_573, sum_205, sum_206], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_26.run(buf726, mul, buf730, buf732, 24576, 128, stream=stream0)
            del buf726
            del mul
            buf731 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [mul_573, sum_205], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf730, buf731, 768, 32, stream=stream0)
            del buf730
            buf733 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_206], Original ATen: [aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_native_layer_norm_backward_view_4.run(buf732, buf733, 768, 32, stream=stream0)
            del buf732
            buf735 = empty_strided_cuda((512, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default_42], Original ATen: [aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_27.run(buf735, 393216, stream=stream0)
            # Topologically Sorted Source Nodes: [masked_lm_loss, sum_207, position_ids, eq_12, unsqueeze_5, where_28, full_default_42, index_put], Original ATen: [aten.nll_loss_forward, aten.sum, aten.slice, aten.embedding_dense_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused_embedding_dense_backward_nll_loss_forward_slice_sum_28.run(buf729, primals_2, buf735, 196608, 16, stream=stream0)
            del buf729
            del primals_2
            buf741 = empty_strided_cuda((30522, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [convert_element_type_521, add_180], Original ATen: [aten._to_copy, aten.add]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_29.run(buf3, buf739, buf741, 23440896, stream=stream0)
            del buf3
            del buf739
        return (None, None, None, buf741, buf737, buf735, buf731, buf733, buf725, reinterpret_tensor(buf724, (768, ), (1, ), 0), buf719, reinterpret_tensor(buf718, (768, ), (1, ), 0), buf713, reinterpret_tensor(buf712, (768, ), (1, ), 0), buf698, reinterpret_tensor(buf697, (768, ), (1, ), 0), buf690, buf692, buf685, reinterpret_tensor(buf684, (3072, ), (1, ), 0), buf679, reinterpret_tensor(buf678, (768, ), (1, ), 0), buf671, buf673, buf665, reinterpret_tensor(buf664, (768, ), (1, ), 0), buf659, reinterpret_tensor(buf658, (768, ), (1, ), 0), buf653, reinterpret_tensor(buf652, (768, ), (1, ), 0), buf639, reinterpret_tensor(buf638, (768, ), (1, ), 0), buf631, buf633, buf626, reinterpret_tensor(buf625, (3072, ), (1, ), 0), buf620, reinterpret_tensor(buf619, (768, ), (1, ), 0), buf612, buf614, buf606, reinterpret_tensor(buf605, (768, ), (1, ), 0), buf600, reinterpret_tensor(buf599, (768, ), (1, ), 0), buf594, reinterpret_tensor(buf593, (768, ), (1, ), 0), buf580, reinterpret_tensor(buf579, (768, ), (1, ), 0), buf572, buf574, buf567, reinterpret_tensor(buf566, (3072, ), (1, ), 0), buf561, reinterpret_tensor(buf560, (768, ), (1, ), 0), buf553, buf555, buf547, reinterpret_tensor(buf546, (768, ), (1, ), 0), buf541, reinterpret_tensor(buf540, (768, ), (1, ), 0), buf535, reinterpret_tensor(buf534, (768, ), (1, ), 0), buf521, reinterpret_tensor(buf520, (768, ), (1, ), 0), buf513, buf515, buf508, reinterpret_tensor(buf507, (3072, ), (1, ), 0), buf502, reinterpret_tensor(buf501, (768, ), (1, ), 0), buf494, buf496, buf488, reinterpret_tensor(buf487, (768, ), (1, ), 0), buf482, reinterpret_tensor(buf481, (768, ), (1, ), 0), buf476, reinterpret_tensor(buf475, (768, ), (1, ), 0), buf462, reinterpret_tensor(buf461, (768, ), (1, ), 0), buf454, buf456, buf449, reinterpret_tensor(buf448, (3072, ), (1, ), 0), buf443, reinterpret_tensor(buf442, (768, ), (1, ), 0), buf435, buf437, buf429, reinterpret_tensor(buf428, (768, ), (1, ), 0), buf423, reinterpret_tensor(buf422, (768, ), (1, ), 0), buf417, reinterpret_tensor(buf416, (768, ), (1, ), 0), buf403, reinterpret_tensor(buf402, (768, ), (1, ), 0), buf395, buf397, buf390, reinterpret_tensor(buf389, (3072, ), (1, ), 0), buf384, reinterpret_tensor(buf383, (768, ), (1, ), 0), buf376, buf378, buf370, reinterpret_tensor(buf369, (768, ), (1, ), 0), buf364, reinterpret_tensor(buf363, (768, ), (1, ), 0), buf358, reinterpret_tensor(buf357, (768, ), (1, ), 0), buf344, reinterpret_tensor(buf343, (768, ), (1, ), 0), buf336, buf338, buf331, reinterpret_tensor(buf330, (3072, ), (1, ), 0), buf325, reinterpret_tensor(buf324, (768, ), (1, ), 0), buf317, buf319, buf311, reinterpret_tensor(buf310, (768, ), (1, ), 0), buf305, reinterpret_tensor(buf304, (768, ), (1, ), 0), buf299, reinterpret_tensor(buf298, (768, ), (1, ), 0), buf285, reinterpret_tensor(buf284, (768, ), (1, ), 0), buf277, buf279, buf272, reinterpret_tensor(buf271, (3072, ), (1, ), 0), buf266, reinterpret_tensor(buf265, (768, ), (1, ), 0), buf258, buf260, buf252, reinterpret_tensor(buf251, (768, ), (1, ), 0), buf246, reinterpret_tensor(buf245, (768, ), (1, ), 0), buf240, reinterpret_tensor(buf239, (768, ), (1, ), 0), buf226, reinterpret_tensor(buf225, (768, ), (1, ), 0), buf218, buf220, buf213, reinterpret_tensor(buf212, (3072, ), (1, ), 0), buf207, reinterpret_tensor(buf206, (768, ), (1, ), 0), buf199, buf201, buf193, reinterpret_tensor(buf192, (768, ), (1, ), 0), buf187, reinterpret_tensor(buf186, (768, ), (1, ), 0), buf181, reinterpret_tensor(buf180, (768, ), (1, ), 0), buf167, reinterpret_tensor(buf166, (768, ), (1, ), 0), buf159, buf161, buf154, reinterpret_tensor(buf153, (3072, ), (1, ), 0), buf148, reinterpret_tensor(buf147, (768, ), (1, ), 0), buf140, buf142, buf134, reinterpret_tensor(buf133, (768, ), (1, ), 0), buf128, reinterpret_tensor(buf127, (768, ), (1, ), 0), buf122, reinterpret_tensor(buf121, (768, ), (1, ), 0), buf108, reinterpret_tensor(buf107, (768, ), (1, ), 0), buf100, buf102, buf95, reinterpret_tensor(buf94, (3072, ), (1, ), 0), buf89, reinterpret_tensor(buf88, (768, ), (1, ), 0), buf81, buf83, buf75, reinterpret_tensor(buf74, (768, ), (1, ), 0), buf69, reinterpret_tensor(buf68, (768, ), (1, ), 0), buf63, reinterpret_tensor(buf62, (768, ), (1, ), 0), buf49, reinterpret_tensor(buf48, (768, ), (1, ), 0), buf41, buf43, buf36, reinterpret_tensor(buf35, (3072, ), (1, ), 0), buf30, reinterpret_tensor(buf29, (768, ), (1, ), 0), buf22, buf24, buf17, reinterpret_tensor(buf16, (768, ), (1, ), 0), buf8, buf10, reinterpret_tensor(buf4, (30522, ), (1, ), 0), )

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
    view_267 = rand_strided((16, 256, 30522), (7813632, 30522, 1), device='cuda:0', dtype=torch.bfloat16)
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
