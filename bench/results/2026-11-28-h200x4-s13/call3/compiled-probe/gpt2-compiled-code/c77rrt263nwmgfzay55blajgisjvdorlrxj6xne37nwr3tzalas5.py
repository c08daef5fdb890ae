# AOT ID: ['0_forward']
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


# kernel path: /tmp/torchinductor_root/t3/ct347clopfeoipey3gomuqzfs4ym6h6elj55tvci7wzetqssmnuw.py
# Topologically Sorted Source Nodes: [arange, position_ids], Original ATen: [aten.arange, aten.add]
# Source node to ATen node mapping:
#   arange => iota
#   position_ids => add
# Graph fragment:
#   %iota : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (512,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota, 0), kwargs = {})
#   return %add
triton_poi_fused_add_arange_0 = async_compile.triton('triton_poi_fused_add_arange_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 512}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_arange_0', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8192}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_arange_0(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = x0
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/fl/cflwjme3o5ka34bco7movkqg27jmuh7yaz2hcw2aucz5hcsmn5r6.py
# Topologically Sorted Source Nodes: [inputs_embeds, arange, position_ids, position_ids_1, position_embeds, hidden_states, hidden_states_1, hidden_states_2, view_1, x, div_24], Original ATen: [aten.embedding, aten.arange, aten.add, aten.unsqueeze, aten.native_dropout, aten.native_layer_norm, aten.view, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   arange => iota
#   div_24 => div_24
#   hidden_states => add_1
#   hidden_states_1 => gt, inductor_lookup_seed_default, inductor_random_default_24, mul, mul_1
#   hidden_states_2 => add_4, add_5, mul_2, mul_3, rsqrt, sub, var_mean
#   inputs_embeds => embedding
#   position_embeds => embedding_1
#   position_ids => add
#   position_ids_1 => unsqueeze
#   view_1 => view_1
#   x => convert_element_type_1
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_24 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_24]
#   %gt : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt]
#   %primals_1 : Tensor "i64[4, 512][512, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %primals_2 : Tensor "f32[50257, 768][768, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %add : Tensor "i64[512][1]cuda:0" = PlaceHolder[target=add]
#   %primals_3 : Tensor "f32[1024, 768][768, 1]cuda:0" = PlaceHolder[target=primals_3]
#   %mul_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_1]
#   %getitem_1 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=getitem_1]
#   %buf6 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=buf6]
#   %mul_2 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_2]
#   %primals_4 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_4]
#   %primals_5 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_5]
#   %embedding : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_2, %primals_1), kwargs = {})
#   %iota : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (512,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota, 0), kwargs = {})
#   %unsqueeze : Tensor "i64[1, 512][512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%add, 0), kwargs = {})
#   %embedding_1 : Tensor "f32[1, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_3, %unsqueeze), kwargs = {})
#   %add_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %inductor_lookup_seed_default : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 0), kwargs = {})
#   %inductor_random_default_24 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([4, 512, 768], %inductor_lookup_seed_default, rand), kwargs = {})
#   %gt : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%inductor_random_default_24, 0.1), kwargs = {})
#   %mul : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt, %add_1), kwargs = {})
#   %mul_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, 1.1111111111111112), kwargs = {})
#   %var_mean : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%mul_1, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_4 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, 1e-05), kwargs = {})
#   %rsqrt : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_4,), kwargs = {})
#   %sub : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_1, %getitem_1), kwargs = {})
#   %mul_2 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_3 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, %primals_4), kwargs = {})
#   %add_5 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_3, %primals_5), kwargs = {})
#   %view_1 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_5, [-1, 768]), kwargs = {})
#   %convert_element_type_1 : Tensor "bf16[2048, 768][768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_1, torch.bfloat16), kwargs = {})
#   %div_24 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 768), kwargs = {})
#   return %inductor_random_default_24,%gt,%mul_1,%getitem_1,%buf6,%mul_2,%div_24,%convert_element_type_1
triton_per_fused__to_copy_add_arange_embedding_native_dropout_native_layer_norm_native_layer_norm_backward_unsqueeze_view_1 = async_compile.triton('triton_per_fused__to_copy_add_arange_embedding_native_dropout_native_layer_norm_native_layer_norm_backward_unsqueeze_view_1', '''
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
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*i64', 'in_ptr2': '*fp32', 'in_ptr3': '*i64', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr1': '*i1', 'out_ptr2': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*fp32', 'out_ptr7': '*bf16', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_arange_embedding_native_dropout_native_layer_norm_native_layer_norm_backward_unsqueeze_view_1', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 5, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 20480, 'r0_': 40900608}}
)
@triton.jit
def triton_per_fused__to_copy_add_arange_embedding_native_dropout_native_layer_norm_native_layer_norm_backward_unsqueeze_view_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, out_ptr2, out_ptr5, out_ptr6, out_ptr7, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    x2 = (xindex % 512)
    tmp6 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')
    tmp13 = tl.load(in_ptr3 + (x2), xmask, eviction_policy='evict_last')
    tmp49 = tl.load(in_ptr5 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp51 = tl.load(in_ptr6 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp0 = tl.load(in_ptr0 + load_seed_offset)
    tmp1 = r0_1 + 768*x0
    tmp2 = tl.rand(tmp0, (tmp1).to(tl.uint32))
    tmp3 = tl.full([1, 1], 0.1, tl.float32)
    tmp4 = tmp2 > tmp3
    tmp5 = tmp4.to(tl.float32)
    tmp7 = tl.full([1, 1], 50257, tl.int32)
    tmp8 = tmp6 + tmp7
    tmp9 = tmp6 < 0
    tmp10 = tl.where(tmp9, tmp8, tmp6)
    tl.device_assert(((0 <= tmp10) & (tmp10 < 50257)) | ~(xmask), "index out of bounds: 0 <= tmp10 < 50257")
    tmp12 = tl.load(in_ptr2 + (r0_1 + 768*tmp10), r0_mask & xmask, other=0.0)
    tmp14 = tl.full([1, 1], 1024, tl.int32)
    tmp15 = tmp13 + tmp14
    tmp16 = tmp13 < 0
    tmp17 = tl.where(tmp16, tmp15, tmp13)
    tl.device_assert(((0 <= tmp17) & (tmp17 < 1024)) | ~(xmask), "index out of bounds: 0 <= tmp17 < 1024")
    tmp19 = tl.load(in_ptr4 + (r0_1 + 768*tmp17), r0_mask & xmask, other=0.0)
    tmp20 = tmp12 + tmp19
    tmp21 = tmp5 * tmp20
    tmp22 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp23 = tmp21 * tmp22
    tmp24 = tl.broadcast_to(tmp23, [XBLOCK, R0_BLOCK])
    tmp26 = tl.where(r0_mask & xmask, tmp24, 0)
    tmp27 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
    tmp29 = tl.where(r0_mask & xmask, tmp27, 0)
    tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
    tmp31 = tl.full([1, 1], 768, tl.int32)
    tmp32 = tmp31.to(tl.float32)
    tmp33 = (tmp30 / tmp32)
    tmp34 = tmp24 - tmp33
    tmp35 = tmp34 * tmp34
    tmp36 = tl.broadcast_to(tmp35, [XBLOCK, R0_BLOCK])
    tmp38 = tl.where(r0_mask & xmask, tmp36, 0)
    tmp39 = tl.sum(tmp38, 1)[:, None].to(tl.float32)
    tmp40 = tmp23 - tmp33
    tmp41 = tl.full([1, 1], 768.0, tl.float32)
    tmp42 = (tmp39 / tmp41)
    tmp43 = tl.full([1, 1], 1e-05, tl.float32)
    tmp44 = tmp42 + tmp43
    tmp45 = libdevice.rsqrt(tmp44)
    tmp46 = tmp40 * tmp45
    tmp47 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp48 = tmp45 * tmp47
    tmp50 = tmp46 * tmp49
    tmp52 = tmp50 + tmp51
    tmp53 = tmp52.to(tl.float32)
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp4, r0_mask & xmask)
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp23, r0_mask & xmask)
    tl.store(out_ptr5 + (r0_1 + 768*x0), tmp46, r0_mask & xmask)
    tl.store(out_ptr6 + (x0), tmp48, xmask)
    tl.store(out_ptr7 + (r0_1 + 768*x0), tmp53, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/52/c52cqvxjyo4lbdktalj2tbkijcstzamun5gxcyg46qnmf7kajyle.py
# Topologically Sorted Source Nodes: [x], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x => convert_element_type
# Graph fragment:
#   %primals_7 : Tensor "f32[768, 2304][2304, 1]cuda:0" = PlaceHolder[target=primals_7]
#   %convert_element_type : Tensor "bf16[768, 2304][2304, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_7, torch.bfloat16), kwargs = {})
#   return %convert_element_type
triton_poi_fused__to_copy_2 = async_compile.triton('triton_poi_fused__to_copy_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_2', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 14155776}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1769472
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/uz/cuztysxji5ex3f6ope3ujwhjambzvbrfkzfusju4pn2xlqxdjl2u.py
# Topologically Sorted Source Nodes: [x], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x => convert_element_type_2
# Graph fragment:
#   %primals_6 : Tensor "f32[2304][1]cuda:0" = PlaceHolder[target=primals_6]
#   %convert_element_type_2 : Tensor "bf16[2304][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_6, torch.bfloat16), kwargs = {})
#   return %convert_element_type_2
triton_poi_fused__to_copy_3 = async_compile.triton('triton_poi_fused__to_copy_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4096}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_3', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18432}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_3(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2304
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/n5/cn5lgurksgfsyyygye7w46ocovrvjxb5gycw6be7zzt36dad2rxd.py
# Topologically Sorted Source Nodes: [x_1, split, view_3, key_states_1, keys], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
# Source node to ATen node mapping:
#   key_states_1 => permute
#   keys => clone
#   split => split
#   view_3 => view_3
#   x_1 => view_2
# Graph fragment:
#   %addmm : Tensor "bf16[2048, 2304][2304, 1]cuda:0" = PlaceHolder[target=addmm]
#   %view_2 : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm, [4, 512, 2304]), kwargs = {})
#   %split : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_2, 768, 2), kwargs = {})
#   %view_3 : Tensor "bf16[4, 512, 12, 64][1179648, 2304, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%getitem_3, [4, 512, -1, 64]), kwargs = {})
#   %permute : Tensor "bf16[4, 12, 512, 64][1179648, 64, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_3, [0, 2, 1, 3]), kwargs = {})
#   %clone : Tensor "bf16[4, 12, 512, 64][393216, 64, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.clone.default](args = (%permute,), kwargs = {})
#   return %clone
triton_poi_fused_cat_split_transpose_view_4 = async_compile.triton('triton_poi_fused_cat_split_transpose_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_cat_split_transpose_view_4', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9437184}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_cat_split_transpose_view_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1572864
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 768)
    x1 = xindex // 768
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (768 + x0 + 2304*x1), None).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/nw/cnw7fstgpyiseejswgjaclwbpcvkch33ipkxgvo47ik4gqcddyap.py
# Topologically Sorted Source Nodes: [x_1, split, view_4, value_states_1, values], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
# Source node to ATen node mapping:
#   split => split
#   value_states_1 => permute_1
#   values => clone_1
#   view_4 => view_4
#   x_1 => view_2
# Graph fragment:
#   %addmm : Tensor "bf16[2048, 2304][2304, 1]cuda:0" = PlaceHolder[target=addmm]
#   %view_2 : Tensor "bf16[4, 512, 2304][1179648, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm, [4, 512, 2304]), kwargs = {})
#   %split : [num_users=3] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_2, 768, 2), kwargs = {})
#   %view_4 : Tensor "bf16[4, 512, 12, 64][1179648, 2304, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%getitem_4, [4, 512, -1, 64]), kwargs = {})
#   %permute_1 : Tensor "bf16[4, 12, 512, 64][1179648, 64, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_4, [0, 2, 1, 3]), kwargs = {})
#   %clone_1 : Tensor "bf16[4, 12, 512, 64][393216, 64, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.clone.default](args = (%permute_1,), kwargs = {})
#   return %clone_1
triton_poi_fused_cat_split_transpose_view_5 = async_compile.triton('triton_poi_fused_cat_split_transpose_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2097152}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_cat_split_transpose_view_5', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9437184}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_cat_split_transpose_view_5(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1572864
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 768)
    x1 = xindex // 768
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (1536 + x0 + 2304*x1), None).to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp0, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/3c/c3cmwjqt7qmmrwj7nev3lo6dvos5u5ifj3y3ivv77iyn7hytxic6.py
# Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, kv_indices, attention_mask, attention_mask_1, attn_output], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.expand, aten.scalar_tensor, aten.where]
# Source node to ATen node mapping:
#   arange => iota
#   attention_mask => le
#   attention_mask_1 => expand
#   attn_output => full_default, full_default_1, where
#   kv_indices => unsqueeze_6
#   position_ids => add
#   position_ids_1 => unsqueeze
#   q_indices => unsqueeze_2, unsqueeze_3
# Graph fragment:
#   %add : Tensor "i64[512][1]cuda:0" = PlaceHolder[target=add]
#   %iota : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (512,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add : Tensor "i64[512][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota, 0), kwargs = {})
#   %unsqueeze : Tensor "i64[1, 512][512, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%add, 0), kwargs = {})
#   %unsqueeze_2 : Tensor "i64[1, 1, 512][512, 512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze, 1), kwargs = {})
#   %unsqueeze_3 : Tensor "i64[1, 1, 512, 1][512, 512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze_2, 3), kwargs = {})
#   %unsqueeze_6 : Tensor "i64[1, 1, 1, 512][512, 512, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze_2, 2), kwargs = {})
#   %le : Tensor "b8[1, 1, 512, 512][262144, 262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.le.Tensor](args = (%unsqueeze_6, %unsqueeze_3), kwargs = {})
#   %expand : Tensor "b8[4, 1, 512, 512][0, 262144, 512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%le, [4, -1, 512, 512]), kwargs = {})
#   %full_default : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -65536.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %full_default_1 : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "bf16[4, 1, 512, 512][262144, 262144, 512, 1]cuda:0"[num_users=13] = call_function[target=torch.ops.aten.where.self](args = (%expand, %full_default_1, %full_default), kwargs = {})
#   return %where
triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_6 = async_compile.triton('triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_6', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4198400}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_6(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1048576
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 512)
    x1 = ((xindex // 512) % 512)
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last')
    tmp1 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')
    tmp2 = tmp0 <= tmp1
    tmp3 = tl.full([1], 0.0, tl.float32)
    tmp4 = tl.full([1], -65536.0, tl.float32)
    tmp5 = tl.where(tmp2, tmp3, tmp4)
    tl.store(out_ptr0 + (x3), tmp5, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/tf/ctfepxfxp62ovdijoywpslfdu2e66y7u555y2tt2mszkbts6dleb.py
# Topologically Sorted Source Nodes: [x_2], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x_2 => convert_element_type_6
# Graph fragment:
#   %primals_9 : Tensor "f32[768, 768][768, 1]cuda:0" = PlaceHolder[target=primals_9]
#   %convert_element_type_6 : Tensor "bf16[768, 768][768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_9, torch.bfloat16), kwargs = {})
#   return %convert_element_type_6
triton_poi_fused__to_copy_7 = async_compile.triton('triton_poi_fused__to_copy_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_7', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4718592}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 589824
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/g6/cg6v6ltxetidksivteh6slq7sbtsjeubscjxofh7c3ehygdpoywd.py
# Topologically Sorted Source Nodes: [x_2], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x_2 => convert_element_type_7
# Graph fragment:
#   %primals_8 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_8]
#   %convert_element_type_7 : Tensor "bf16[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_8, torch.bfloat16), kwargs = {})
#   return %convert_element_type_7
triton_poi_fused__to_copy_8 = async_compile.triton('triton_poi_fused__to_copy_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 1024}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_8', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6144}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_8(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 768
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/a6/ca6ewj7qcxgzl4t4d3fq6yux76w7y5yf3prlk7q34hp7livrgjsf.py
# Topologically Sorted Source Nodes: [x_3, attn_output_3, hidden_states_3, hidden_states_4, view_8, x_4, div_23], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   attn_output_3 => convert_element_type_default_71, gt_1, inductor_lookup_seed_default_1, inductor_random_default_23, mul_4, mul_5
#   div_23 => div_23
#   hidden_states_3 => add_6
#   hidden_states_4 => add_7, add_8, mul_6, mul_7, rsqrt_1, sub_1, var_mean_1
#   view_8 => view_9
#   x_3 => view_8
#   x_4 => convert_element_type_12
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_23 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_23]
#   %gt_1 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_1]
#   %addmm_1 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_1]
#   %mul_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_1]
#   %getitem_15 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=getitem_15]
#   %buf27 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=buf27]
#   %mul_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_6]
#   %primals_10 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_10]
#   %primals_11 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_11]
#   %view_8 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [4, 512, 768]), kwargs = {})
#   %inductor_lookup_seed_default_1 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 1), kwargs = {})
#   %inductor_random_default_23 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([4, 512, 768], %inductor_lookup_seed_default_1, rand), kwargs = {})
#   %convert_element_type_default_71 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default_23, torch.bfloat16), kwargs = {})
#   %gt_1 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_71, 0.1), kwargs = {})
#   %mul_4 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_1, %view_8), kwargs = {})
#   %mul_5 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_4, 1.1111111111111112), kwargs = {})
#   %add_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_5, %mul_1), kwargs = {})
#   %var_mean_1 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_6, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_7 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_14, 1e-05), kwargs = {})
#   %rsqrt_1 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_7,), kwargs = {})
#   %sub_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_6, %getitem_15), kwargs = {})
#   %mul_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_1, %rsqrt_1), kwargs = {})
#   %mul_7 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_6, %primals_10), kwargs = {})
#   %add_8 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_7, %primals_11), kwargs = {})
#   %view_9 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_8, [-1, 768]), kwargs = {})
#   %convert_element_type_12 : Tensor "bf16[2048, 768][768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_9, torch.bfloat16), kwargs = {})
#   %div_23 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_1, 768), kwargs = {})
#   return %inductor_random_default_23,%gt_1,%getitem_15,%buf27,%mul_6,%div_23,%convert_element_type_12
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_9 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_9', '''
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
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*bf16', 'load_seed_offset': 'constexpr', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {'load_seed_offset': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_9', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 37754880}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_9(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, out_ptr4, out_ptr5, out_ptr6, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp7 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp12 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp39 = tl.load(in_ptr3 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp41 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp0 = tl.load(in_ptr0 + load_seed_offset)
    tmp1 = r0_1 + 768*x0
    tmp2 = tl.rand(tmp0, (tmp1).to(tl.uint32))
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1, 1], 0.1, tl.float32)
    tmp5 = tmp3 > tmp4
    tmp6 = tmp5.to(tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp10 = tmp8 * tmp9
    tmp11 = tmp10.to(tl.float32)
    tmp13 = tmp11 + tmp12
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.where(r0_mask & xmask, tmp14, 0)
    tmp17 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp19 = tl.where(r0_mask & xmask, tmp17, 0)
    tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
    tmp21 = tl.full([1, 1], 768, tl.int32)
    tmp22 = tmp21.to(tl.float32)
    tmp23 = (tmp20 / tmp22)
    tmp24 = tmp14 - tmp23
    tmp25 = tmp24 * tmp24
    tmp26 = tl.broadcast_to(tmp25, [XBLOCK, R0_BLOCK])
    tmp28 = tl.where(r0_mask & xmask, tmp26, 0)
    tmp29 = tl.sum(tmp28, 1)[:, None].to(tl.float32)
    tmp30 = tmp13 - tmp23
    tmp31 = tl.full([1, 1], 768.0, tl.float32)
    tmp32 = (tmp29 / tmp31)
    tmp33 = tl.full([1, 1], 1e-05, tl.float32)
    tmp34 = tmp32 + tmp33
    tmp35 = libdevice.rsqrt(tmp34)
    tmp36 = tmp30 * tmp35
    tmp37 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp38 = tmp35 * tmp37
    tmp40 = tmp36 * tmp39
    tmp42 = tmp40 + tmp41
    tmp43 = tmp42.to(tl.float32)
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask & xmask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp36, r0_mask & xmask)
    tl.store(out_ptr5 + (x0), tmp38, xmask)
    tl.store(out_ptr6 + (r0_1 + 768*x0), tmp43, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/br/cbr3kpasm34wjs2vsldbhqgqee7w3sydfpsnmgjighhdtcunt54r.py
# Topologically Sorted Source Nodes: [x_4], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x_4 => convert_element_type_11
# Graph fragment:
#   %primals_13 : Tensor "f32[768, 3072][3072, 1]cuda:0" = PlaceHolder[target=primals_13]
#   %convert_element_type_11 : Tensor "bf16[768, 3072][3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_13, torch.bfloat16), kwargs = {})
#   return %convert_element_type_11
triton_poi_fused__to_copy_10 = async_compile.triton('triton_poi_fused__to_copy_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_10', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_10(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2359296
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/jd/cjdqots3s5ujcjr4aczxpvjvuva3nnevlag6f457oomij7ibvs65.py
# Topologically Sorted Source Nodes: [x_4], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   x_4 => convert_element_type_13
# Graph fragment:
#   %primals_12 : Tensor "f32[3072][1]cuda:0" = PlaceHolder[target=primals_12]
#   %convert_element_type_13 : Tensor "bf16[3072][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_12, torch.bfloat16), kwargs = {})
#   return %convert_element_type_13
triton_poi_fused__to_copy_11 = async_compile.triton('triton_poi_fused__to_copy_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4096}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_11', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 24576}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_11(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3072
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/3f/c3fub5k7lklrzyerlllmp55ucqnwaggfcimtaoiuyqsqpjd3aqug.py
# Topologically Sorted Source Nodes: [x_5, mul, pow_1, mul_1, add_5, mul_2, tanh, add_6, hidden_states_5, view_10, x_6], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
# Source node to ATen node mapping:
#   add_5 => add_9
#   add_6 => add_10
#   hidden_states_5 => mul_11
#   mul => mul_8
#   mul_1 => mul_9
#   mul_2 => mul_10
#   pow_1 => convert_element_type_17, pow_1
#   tanh => tanh
#   view_10 => view_11
#   x_5 => view_10
#   x_6 => convert_element_type_19
# Graph fragment:
#   %addmm_2 : Tensor "bf16[2048, 3072][3072, 1]cuda:0" = PlaceHolder[target=addmm_2]
#   %view_10 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [4, 512, 3072]), kwargs = {})
#   %mul_8 : Tensor "bf16[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_10, 0.5), kwargs = {})
#   %convert_element_type_17 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_10, torch.float32), kwargs = {})
#   %pow_1 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%convert_element_type_17, 3.0), kwargs = {})
#   %mul_9 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%pow_1, 0.044715), kwargs = {})
#   %add_9 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_10, %mul_9), kwargs = {})
#   %mul_10 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_9, 0.7978845608028654), kwargs = {})
#   %tanh : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.tanh.default](args = (%mul_10,), kwargs = {})
#   %add_10 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tanh, 1.0), kwargs = {})
#   %mul_11 : Tensor "f32[4, 512, 3072][1572864, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_8, %add_10), kwargs = {})
#   %view_11 : Tensor "f32[2048, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_11, [-1, 3072]), kwargs = {})
#   %convert_element_type_19 : Tensor "bf16[2048, 3072][3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_11, torch.bfloat16), kwargs = {})
#   return %convert_element_type_19
triton_poi_fused__to_copy_add_mul_pow_tanh_view_12 = async_compile.triton('triton_poi_fused__to_copy_add_mul_pow_tanh_view_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8388608}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_add_mul_pow_tanh_view_12', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 37748736}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_add_mul_pow_tanh_view_12(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 6291456
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tl.full([1], 0.5, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tmp0.to(tl.float32)
    tmp5 = tmp4 * tmp4
    tmp6 = tmp5 * tmp4
    tmp7 = tl.full([1], 0.044715, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp4 + tmp8
    tmp10 = tl.full([1], 0.7978845608028654, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.tanh(tmp11)
    tmp13 = tl.full([1], 1.0, tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = tmp3 * tmp14
    tmp16 = tmp15.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/2h/c2hv3nacwde2t7rjvvu222o5vhiragobkm7aq6cpbttjxirze3u7.py
# Topologically Sorted Source Nodes: [x_3, attn_output_3, hidden_states_3, x_7, hidden_states_6, hidden_states_7, hidden_states_8, view_12, x_8, div_22], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   attn_output_3 => mul_4, mul_5
#   div_22 => div_22
#   hidden_states_3 => add_6
#   hidden_states_6 => convert_element_type_default_70, gt_2, inductor_lookup_seed_default_2, inductor_random_default_22, mul_12, mul_13
#   hidden_states_7 => add_11
#   hidden_states_8 => add_12, add_13, mul_14, mul_15, rsqrt_2, sub_2, var_mean_2
#   view_12 => view_13
#   x_3 => view_8
#   x_7 => view_12
#   x_8 => convert_element_type_25
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_22 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_22]
#   %gt_1 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_1]
#   %addmm_1 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_1]
#   %mul_1 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_1]
#   %gt_2 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_2]
#   %addmm_3 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_3]
#   %add_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_11]
#   %getitem_17 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=getitem_17]
#   %buf42 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=buf42]
#   %mul_14 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_14]
#   %primals_16 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_16]
#   %primals_17 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_17]
#   %view_8 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [4, 512, 768]), kwargs = {})
#   %mul_4 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_1, %view_8), kwargs = {})
#   %mul_5 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_4, 1.1111111111111112), kwargs = {})
#   %add_6 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_5, %mul_1), kwargs = {})
#   %view_12 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_3, [4, 512, 768]), kwargs = {})
#   %inductor_lookup_seed_default_2 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 2), kwargs = {})
#   %inductor_random_default_22 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([4, 512, 768], %inductor_lookup_seed_default_2, rand), kwargs = {})
#   %convert_element_type_default_70 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default_22, torch.bfloat16), kwargs = {})
#   %gt_2 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_70, 0.1), kwargs = {})
#   %mul_12 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_2, %view_12), kwargs = {})
#   %mul_13 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_12, 1.1111111111111112), kwargs = {})
#   %add_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_6, %mul_13), kwargs = {})
#   %var_mean_2 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_11, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_12 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_16, 1e-05), kwargs = {})
#   %rsqrt_2 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_12,), kwargs = {})
#   %sub_2 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_11, %getitem_17), kwargs = {})
#   %mul_14 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_2, %rsqrt_2), kwargs = {})
#   %mul_15 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %primals_16), kwargs = {})
#   %add_13 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_15, %primals_17), kwargs = {})
#   %view_13 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_13, [-1, 768]), kwargs = {})
#   %convert_element_type_25 : Tensor "bf16[2048, 768][768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_13, torch.bfloat16), kwargs = {})
#   %div_22 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_2, 768), kwargs = {})
#   return %inductor_random_default_22,%gt_2,%add_11,%getitem_17,%buf42,%mul_14,%div_22,%convert_element_type_25
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*i1', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*bf16', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 5, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 55056384}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr1, out_ptr4, out_ptr5, out_ptr6, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp6 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.int1)
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp13 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp16 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp46 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp48 = tl.load(in_ptr5 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp0 = tl.load(in_ptr0 + load_seed_offset)
    tmp1 = r0_1 + 768*x0
    tmp2 = tl.rand(tmp0, (tmp1).to(tl.uint32))
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1, 1], 0.1, tl.float32)
    tmp5 = tmp3 > tmp4
    tmp7 = tmp6.to(tl.float32)
    tmp9 = tmp7 * tmp8
    tmp10 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = tmp11.to(tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = tmp5.to(tl.float32)
    tmp17 = tmp15 * tmp16
    tmp18 = tmp17 * tmp10
    tmp19 = tmp18.to(tl.float32)
    tmp20 = tmp14 + tmp19
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = tl.where(r0_mask & xmask, tmp21, 0)
    tmp24 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
    tmp26 = tl.where(r0_mask & xmask, tmp24, 0)
    tmp27 = tl.sum(tmp26, 1)[:, None].to(tl.float32)
    tmp28 = tl.full([1, 1], 768, tl.int32)
    tmp29 = tmp28.to(tl.float32)
    tmp30 = (tmp27 / tmp29)
    tmp31 = tmp21 - tmp30
    tmp32 = tmp31 * tmp31
    tmp33 = tl.broadcast_to(tmp32, [XBLOCK, R0_BLOCK])
    tmp35 = tl.where(r0_mask & xmask, tmp33, 0)
    tmp36 = tl.sum(tmp35, 1)[:, None].to(tl.float32)
    tmp37 = tmp20 - tmp30
    tmp38 = tl.full([1, 1], 768.0, tl.float32)
    tmp39 = (tmp36 / tmp38)
    tmp40 = tl.full([1, 1], 1e-05, tl.float32)
    tmp41 = tmp39 + tmp40
    tmp42 = libdevice.rsqrt(tmp41)
    tmp43 = tmp37 * tmp42
    tmp44 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp45 = tmp42 * tmp44
    tmp47 = tmp43 * tmp46
    tmp49 = tmp47 + tmp48
    tmp50 = tmp49.to(tl.float32)
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask & xmask)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp20, r0_mask & xmask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp43, r0_mask & xmask)
    tl.store(out_ptr5 + (x0), tmp45, xmask)
    tl.store(out_ptr6 + (r0_1 + 768*x0), tmp50, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ee/ceegfwhzxbe4xcvqz3phz2k7ica3dypo6k4ixadjfjzredotkm5q.py
# Topologically Sorted Source Nodes: [x_11, attn_output_7, hidden_states_9, hidden_states_10, view_19, x_12, div_21], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   attn_output_7 => convert_element_type_default_69, gt_3, inductor_lookup_seed_default_3, inductor_random_default_21, mul_16, mul_17
#   div_21 => div_21
#   hidden_states_10 => add_15, add_16, mul_18, mul_19, rsqrt_3, sub_3, var_mean_3
#   hidden_states_9 => add_14
#   view_19 => view_21
#   x_11 => view_20
#   x_12 => convert_element_type_36
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_21 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_21]
#   %gt_3 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_3]
#   %addmm_5 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_5]
#   %add_11 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_11]
#   %getitem_31 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=getitem_31]
#   %buf62 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=buf62]
#   %mul_18 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_18]
#   %primals_22 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_22]
#   %primals_23 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_23]
#   %view_20 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_5, [4, 512, 768]), kwargs = {})
#   %inductor_lookup_seed_default_3 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 3), kwargs = {})
#   %inductor_random_default_21 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([4, 512, 768], %inductor_lookup_seed_default_3, rand), kwargs = {})
#   %convert_element_type_default_69 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default_21, torch.bfloat16), kwargs = {})
#   %gt_3 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_69, 0.1), kwargs = {})
#   %mul_16 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_3, %view_20), kwargs = {})
#   %mul_17 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_16, 1.1111111111111112), kwargs = {})
#   %add_14 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_17, %add_11), kwargs = {})
#   %var_mean_3 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_14, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_15 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_30, 1e-05), kwargs = {})
#   %rsqrt_3 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_15,), kwargs = {})
#   %sub_3 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_14, %getitem_31), kwargs = {})
#   %mul_18 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_3, %rsqrt_3), kwargs = {})
#   %mul_19 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_18, %primals_22), kwargs = {})
#   %add_16 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_19, %primals_23), kwargs = {})
#   %view_21 : Tensor "f32[2048, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_16, [-1, 768]), kwargs = {})
#   %convert_element_type_36 : Tensor "bf16[2048, 768][768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_21, torch.bfloat16), kwargs = {})
#   %div_21 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_3, 768), kwargs = {})
#   return %inductor_random_default_21,%gt_3,%getitem_31,%buf62,%mul_18,%div_21,%convert_element_type_36
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14', '''
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
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*fp32', 'out_ptr5': '*fp32', 'out_ptr6': '*bf16', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 37754880}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr1, out_ptr4, out_ptr5, out_ptr6, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp7 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp12 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp39 = tl.load(in_ptr3 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp41 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp0 = tl.load(in_ptr0 + load_seed_offset)
    tmp1 = r0_1 + 768*x0
    tmp2 = tl.rand(tmp0, (tmp1).to(tl.uint32))
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1, 1], 0.1, tl.float32)
    tmp5 = tmp3 > tmp4
    tmp6 = tmp5.to(tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp10 = tmp8 * tmp9
    tmp11 = tmp10.to(tl.float32)
    tmp13 = tmp11 + tmp12
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.where(r0_mask & xmask, tmp14, 0)
    tmp17 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp19 = tl.where(r0_mask & xmask, tmp17, 0)
    tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
    tmp21 = tl.full([1, 1], 768, tl.int32)
    tmp22 = tmp21.to(tl.float32)
    tmp23 = (tmp20 / tmp22)
    tmp24 = tmp14 - tmp23
    tmp25 = tmp24 * tmp24
    tmp26 = tl.broadcast_to(tmp25, [XBLOCK, R0_BLOCK])
    tmp28 = tl.where(r0_mask & xmask, tmp26, 0)
    tmp29 = tl.sum(tmp28, 1)[:, None].to(tl.float32)
    tmp30 = tmp13 - tmp23
    tmp31 = tl.full([1, 1], 768.0, tl.float32)
    tmp32 = (tmp29 / tmp31)
    tmp33 = tl.full([1, 1], 1e-05, tl.float32)
    tmp34 = tmp32 + tmp33
    tmp35 = libdevice.rsqrt(tmp34)
    tmp36 = tmp30 * tmp35
    tmp37 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp38 = tmp35 * tmp37
    tmp40 = tmp36 * tmp39
    tmp42 = tmp40 + tmp41
    tmp43 = tmp42.to(tl.float32)
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask & xmask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp36, r0_mask & xmask)
    tl.store(out_ptr5 + (x0), tmp38, xmask)
    tl.store(out_ptr6 + (r0_1 + 768*x0), tmp43, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/6w/c6wzexjz7pufuzngvspld6vovkigkyjy7mtkliyo2ao2e4hqacaz.py
# Topologically Sorted Source Nodes: [x_91, attn_output_47, hidden_states_69, x_95, hidden_states_72, hidden_states_73, hidden_states_74, logits, div], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   attn_output_47 => mul_136, mul_137
#   div => div
#   hidden_states_69 => add_94
#   hidden_states_72 => convert_element_type_default_48, gt_24, inductor_lookup_seed_default_24, inductor_random_default, mul_144, mul_145
#   hidden_states_73 => add_99
#   hidden_states_74 => add_100, add_101, mul_146, mul_147, rsqrt_24, sub_24, var_mean_24
#   logits => convert_element_type_289
#   x_91 => view_140
#   x_95 => view_144
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default]
#   %gt_23 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_23]
#   %addmm_45 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_45]
#   %add_91 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_91]
#   %gt_24 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=gt_24]
#   %addmm_47 : Tensor "bf16[2048, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_47]
#   %add_99 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_99]
#   %getitem_193 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=getitem_193]
#   %buf427 : Tensor "f32[4, 512, 1][512, 1, 2048]cuda:0" = PlaceHolder[target=buf427]
#   %mul_146 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=mul_146]
#   %primals_148 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_148]
#   %primals_149 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_149]
#   %add_101 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0" = PlaceHolder[target=add_101]
#   %view_140 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_45, [4, 512, 768]), kwargs = {})
#   %mul_136 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_23, %view_140), kwargs = {})
#   %mul_137 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_136, 1.1111111111111112), kwargs = {})
#   %add_94 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_137, %add_91), kwargs = {})
#   %view_144 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_47, [4, 512, 768]), kwargs = {})
#   %inductor_lookup_seed_default_24 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 24), kwargs = {})
#   %inductor_random_default : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([4, 512, 768], %inductor_lookup_seed_default_24, rand), kwargs = {})
#   %convert_element_type_default_48 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default, torch.bfloat16), kwargs = {})
#   %gt_24 : Tensor "b8[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_48, 0.1), kwargs = {})
#   %mul_144 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_24, %view_144), kwargs = {})
#   %mul_145 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_144, 1.1111111111111112), kwargs = {})
#   %add_99 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_94, %mul_145), kwargs = {})
#   %var_mean_24 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_99, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_100 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_192, 1e-05), kwargs = {})
#   %rsqrt_24 : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_100,), kwargs = {})
#   %sub_24 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_99, %getitem_193), kwargs = {})
#   %mul_146 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_24, %rsqrt_24), kwargs = {})
#   %mul_147 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_146, %primals_148), kwargs = {})
#   %add_101 : Tensor "f32[4, 512, 768][393216, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_147, %primals_149), kwargs = {})
#   %convert_element_type_289 : Tensor "bf16[4, 512, 768][393216, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_101, torch.bfloat16), kwargs = {})
#   %div : Tensor "f32[4, 512, 1][512, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_24, 768), kwargs = {})
#   return %inductor_random_default,%gt_24,%add_99,%getitem_193,%buf427,%mul_146,%add_101,%convert_element_type_289,%div
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_15 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_15', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*i1', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*fp32', 'out_ptr5': '*bf16', 'out_ptr6': '*fp32', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_15', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 5, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 48764928}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_15(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr1, out_ptr4, out_ptr5, out_ptr6, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp6 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.int1)
    tmp8 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp13 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp16 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0).to(tl.float32)
    tmp44 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp46 = tl.load(in_ptr5 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp0 = tl.load(in_ptr0 + load_seed_offset)
    tmp1 = r0_1 + 768*x0
    tmp2 = tl.rand(tmp0, (tmp1).to(tl.uint32))
    tmp3 = tmp2.to(tl.float32)
    tmp4 = tl.full([1, 1], 0.1, tl.float32)
    tmp5 = tmp3 > tmp4
    tmp7 = tmp6.to(tl.float32)
    tmp9 = tmp7 * tmp8
    tmp10 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = tmp11.to(tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = tmp5.to(tl.float32)
    tmp17 = tmp15 * tmp16
    tmp18 = tmp17 * tmp10
    tmp19 = tmp18.to(tl.float32)
    tmp20 = tmp14 + tmp19
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = tl.where(r0_mask & xmask, tmp21, 0)
    tmp24 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
    tmp26 = tl.where(r0_mask & xmask, tmp24, 0)
    tmp27 = tl.sum(tmp26, 1)[:, None].to(tl.float32)
    tmp28 = tl.full([1, 1], 768, tl.int32)
    tmp29 = tmp28.to(tl.float32)
    tmp30 = (tmp27 / tmp29)
    tmp31 = tmp21 - tmp30
    tmp32 = tmp31 * tmp31
    tmp33 = tl.broadcast_to(tmp32, [XBLOCK, R0_BLOCK])
    tmp35 = tl.where(r0_mask & xmask, tmp33, 0)
    tmp36 = tl.sum(tmp35, 1)[:, None].to(tl.float32)
    tmp37 = tmp20 - tmp30
    tmp38 = tl.full([1, 1], 768.0, tl.float32)
    tmp39 = (tmp36 / tmp38)
    tmp40 = tl.full([1, 1], 1e-05, tl.float32)
    tmp41 = tmp39 + tmp40
    tmp42 = libdevice.rsqrt(tmp41)
    tmp43 = tmp37 * tmp42
    tmp45 = tmp43 * tmp44
    tmp47 = tmp45 + tmp46
    tmp48 = tmp47.to(tl.float32)
    tmp49 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp50 = tmp42 * tmp49
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask & xmask)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp43, r0_mask & xmask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp47, r0_mask & xmask)
    tl.store(out_ptr5 + (r0_1 + 768*x0), tmp48, r0_mask & xmask)
    tl.store(out_ptr6 + (x0), tmp50, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/cl/cclokiyibpz7ngyko5ffiv7mecsd6yxcpzp6we4vxrg57jyt4a4b.py
# Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   logits => convert_element_type_288
# Graph fragment:
#   %primals_2 : Tensor "f32[50257, 768][768, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %convert_element_type_288 : Tensor "bf16[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_2, torch.bfloat16), kwargs = {})
#   return %convert_element_type_288
triton_poi_fused__to_copy_16 = async_compile.triton('triton_poi_fused__to_copy_16', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_16', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 308779008}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_16(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38597376
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4m/c4msjh5r5l2zm6xbfjsezvsrnxqn6727hdpxebli5ltro3r4n3kl.py
# Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t, aten.mm]
# Source node to ATen node mapping:
#   logits => constant_pad_nd_default_3, convert_element_type_288, permute_48
# Graph fragment:
#   %convert_element_type_288 : Tensor "bf16[50257, 768][768, 1]cuda:0" = PlaceHolder[target=convert_element_type_288]
#   %convert_element_type_288 : Tensor "bf16[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_2, torch.bfloat16), kwargs = {})
#   %permute_48 : Tensor "bf16[768, 50257][1, 768]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_288, [1, 0]), kwargs = {})
#   %constant_pad_nd_default_3 : Tensor "bf16[768, 50264][50264, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_48, [0, 7, 0, 0]), kwargs = {})
#   return %constant_pad_nd_default_3
triton_poi_fused__to_copy_mm_t_17 = async_compile.triton('triton_poi_fused__to_copy_mm_t_17', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_mm_t_17', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 231605760}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_mm_t_17(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41, primals_42, primals_43, primals_44, primals_45, primals_46, primals_47, primals_48, primals_49, primals_50, primals_51, primals_52, primals_53, primals_54, primals_55, primals_56, primals_57, primals_58, primals_59, primals_60, primals_61, primals_62, primals_63, primals_64, primals_65, primals_66, primals_67, primals_68, primals_69, primals_70, primals_71, primals_72, primals_73, primals_74, primals_75, primals_76, primals_77, primals_78, primals_79, primals_80, primals_81, primals_82, primals_83, primals_84, primals_85, primals_86, primals_87, primals_88, primals_89, primals_90, primals_91, primals_92, primals_93, primals_94, primals_95, primals_96, primals_97, primals_98, primals_99, primals_100, primals_101, primals_102, primals_103, primals_104, primals_105, primals_106, primals_107, primals_108, primals_109, primals_110, primals_111, primals_112, primals_113, primals_114, primals_115, primals_116, primals_117, primals_118, primals_119, primals_120, primals_121, primals_122, primals_123, primals_124, primals_125, primals_126, primals_127, primals_128, primals_129, primals_130, primals_131, primals_132, primals_133, primals_134, primals_135, primals_136, primals_137, primals_138, primals_139, primals_140, primals_141, primals_142, primals_143, primals_144, primals_145, primals_146, primals_147, primals_148, primals_149 = args
        args.clear()
        assert_size_stride(primals_1, (4, 512), (512, 1))
        assert_size_stride(primals_2, (50257, 768), (768, 1))
        assert_size_stride(primals_3, (1024, 768), (768, 1))
        assert_size_stride(primals_4, (768, ), (1, ))
        assert_size_stride(primals_5, (768, ), (1, ))
        assert_size_stride(primals_6, (2304, ), (1, ))
        assert_size_stride(primals_7, (768, 2304), (2304, 1))
        assert_size_stride(primals_8, (768, ), (1, ))
        assert_size_stride(primals_9, (768, 768), (768, 1))
        assert_size_stride(primals_10, (768, ), (1, ))
        assert_size_stride(primals_11, (768, ), (1, ))
        assert_size_stride(primals_12, (3072, ), (1, ))
        assert_size_stride(primals_13, (768, 3072), (3072, 1))
        assert_size_stride(primals_14, (768, ), (1, ))
        assert_size_stride(primals_15, (3072, 768), (768, 1))
        assert_size_stride(primals_16, (768, ), (1, ))
        assert_size_stride(primals_17, (768, ), (1, ))
        assert_size_stride(primals_18, (2304, ), (1, ))
        assert_size_stride(primals_19, (768, 2304), (2304, 1))
        assert_size_stride(primals_20, (768, ), (1, ))
        assert_size_stride(primals_21, (768, 768), (768, 1))
        assert_size_stride(primals_22, (768, ), (1, ))
        assert_size_stride(primals_23, (768, ), (1, ))
        assert_size_stride(primals_24, (3072, ), (1, ))
        assert_size_stride(primals_25, (768, 3072), (3072, 1))
        assert_size_stride(primals_26, (768, ), (1, ))
        assert_size_stride(primals_27, (3072, 768), (768, 1))
        assert_size_stride(primals_28, (768, ), (1, ))
        assert_size_stride(primals_29, (768, ), (1, ))
        assert_size_stride(primals_30, (2304, ), (1, ))
        assert_size_stride(primals_31, (768, 2304), (2304, 1))
        assert_size_stride(primals_32, (768, ), (1, ))
        assert_size_stride(primals_33, (768, 768), (768, 1))
        assert_size_stride(primals_34, (768, ), (1, ))
        assert_size_stride(primals_35, (768, ), (1, ))
        assert_size_stride(primals_36, (3072, ), (1, ))
        assert_size_stride(primals_37, (768, 3072), (3072, 1))
        assert_size_stride(primals_38, (768, ), (1, ))
        assert_size_stride(primals_39, (3072, 768), (768, 1))
        assert_size_stride(primals_40, (768, ), (1, ))
        assert_size_stride(primals_41, (768, ), (1, ))
        assert_size_stride(primals_42, (2304, ), (1, ))
        assert_size_stride(primals_43, (768, 2304), (2304, 1))
        assert_size_stride(primals_44, (768, ), (1, ))
        assert_size_stride(primals_45, (768, 768), (768, 1))
        assert_size_stride(primals_46, (768, ), (1, ))
        assert_size_stride(primals_47, (768, ), (1, ))
        assert_size_stride(primals_48, (3072, ), (1, ))
        assert_size_stride(primals_49, (768, 3072), (3072, 1))
        assert_size_stride(primals_50, (768, ), (1, ))
        assert_size_stride(primals_51, (3072, 768), (768, 1))
        assert_size_stride(primals_52, (768, ), (1, ))
        assert_size_stride(primals_53, (768, ), (1, ))
        assert_size_stride(primals_54, (2304, ), (1, ))
        assert_size_stride(primals_55, (768, 2304), (2304, 1))
        assert_size_stride(primals_56, (768, ), (1, ))
        assert_size_stride(primals_57, (768, 768), (768, 1))
        assert_size_stride(primals_58, (768, ), (1, ))
        assert_size_stride(primals_59, (768, ), (1, ))
        assert_size_stride(primals_60, (3072, ), (1, ))
        assert_size_stride(primals_61, (768, 3072), (3072, 1))
        assert_size_stride(primals_62, (768, ), (1, ))
        assert_size_stride(primals_63, (3072, 768), (768, 1))
        assert_size_stride(primals_64, (768, ), (1, ))
        assert_size_stride(primals_65, (768, ), (1, ))
        assert_size_stride(primals_66, (2304, ), (1, ))
        assert_size_stride(primals_67, (768, 2304), (2304, 1))
        assert_size_stride(primals_68, (768, ), (1, ))
        assert_size_stride(primals_69, (768, 768), (768, 1))
        assert_size_stride(primals_70, (768, ), (1, ))
        assert_size_stride(primals_71, (768, ), (1, ))
        assert_size_stride(primals_72, (3072, ), (1, ))
        assert_size_stride(primals_73, (768, 3072), (3072, 1))
        assert_size_stride(primals_74, (768, ), (1, ))
        assert_size_stride(primals_75, (3072, 768), (768, 1))
        assert_size_stride(primals_76, (768, ), (1, ))
        assert_size_stride(primals_77, (768, ), (1, ))
        assert_size_stride(primals_78, (2304, ), (1, ))
        assert_size_stride(primals_79, (768, 2304), (2304, 1))
        assert_size_stride(primals_80, (768, ), (1, ))
        assert_size_stride(primals_81, (768, 768), (768, 1))
        assert_size_stride(primals_82, (768, ), (1, ))
        assert_size_stride(primals_83, (768, ), (1, ))
        assert_size_stride(primals_84, (3072, ), (1, ))
        assert_size_stride(primals_85, (768, 3072), (3072, 1))
        assert_size_stride(primals_86, (768, ), (1, ))
        assert_size_stride(primals_87, (3072, 768), (768, 1))
        assert_size_stride(primals_88, (768, ), (1, ))
        assert_size_stride(primals_89, (768, ), (1, ))
        assert_size_stride(primals_90, (2304, ), (1, ))
        assert_size_stride(primals_91, (768, 2304), (2304, 1))
        assert_size_stride(primals_92, (768, ), (1, ))
        assert_size_stride(primals_93, (768, 768), (768, 1))
        assert_size_stride(primals_94, (768, ), (1, ))
        assert_size_stride(primals_95, (768, ), (1, ))
        assert_size_stride(primals_96, (3072, ), (1, ))
        assert_size_stride(primals_97, (768, 3072), (3072, 1))
        assert_size_stride(primals_98, (768, ), (1, ))
        assert_size_stride(primals_99, (3072, 768), (768, 1))
        assert_size_stride(primals_100, (768, ), (1, ))
        assert_size_stride(primals_101, (768, ), (1, ))
        assert_size_stride(primals_102, (2304, ), (1, ))
        assert_size_stride(primals_103, (768, 2304), (2304, 1))
        assert_size_stride(primals_104, (768, ), (1, ))
        assert_size_stride(primals_105, (768, 768), (768, 1))
        assert_size_stride(primals_106, (768, ), (1, ))
        assert_size_stride(primals_107, (768, ), (1, ))
        assert_size_stride(primals_108, (3072, ), (1, ))
        assert_size_stride(primals_109, (768, 3072), (3072, 1))
        assert_size_stride(primals_110, (768, ), (1, ))
        assert_size_stride(primals_111, (3072, 768), (768, 1))
        assert_size_stride(primals_112, (768, ), (1, ))
        assert_size_stride(primals_113, (768, ), (1, ))
        assert_size_stride(primals_114, (2304, ), (1, ))
        assert_size_stride(primals_115, (768, 2304), (2304, 1))
        assert_size_stride(primals_116, (768, ), (1, ))
        assert_size_stride(primals_117, (768, 768), (768, 1))
        assert_size_stride(primals_118, (768, ), (1, ))
        assert_size_stride(primals_119, (768, ), (1, ))
        assert_size_stride(primals_120, (3072, ), (1, ))
        assert_size_stride(primals_121, (768, 3072), (3072, 1))
        assert_size_stride(primals_122, (768, ), (1, ))
        assert_size_stride(primals_123, (3072, 768), (768, 1))
        assert_size_stride(primals_124, (768, ), (1, ))
        assert_size_stride(primals_125, (768, ), (1, ))
        assert_size_stride(primals_126, (2304, ), (1, ))
        assert_size_stride(primals_127, (768, 2304), (2304, 1))
        assert_size_stride(primals_128, (768, ), (1, ))
        assert_size_stride(primals_129, (768, 768), (768, 1))
        assert_size_stride(primals_130, (768, ), (1, ))
        assert_size_stride(primals_131, (768, ), (1, ))
        assert_size_stride(primals_132, (3072, ), (1, ))
        assert_size_stride(primals_133, (768, 3072), (3072, 1))
        assert_size_stride(primals_134, (768, ), (1, ))
        assert_size_stride(primals_135, (3072, 768), (768, 1))
        assert_size_stride(primals_136, (768, ), (1, ))
        assert_size_stride(primals_137, (768, ), (1, ))
        assert_size_stride(primals_138, (2304, ), (1, ))
        assert_size_stride(primals_139, (768, 2304), (2304, 1))
        assert_size_stride(primals_140, (768, ), (1, ))
        assert_size_stride(primals_141, (768, 768), (768, 1))
        assert_size_stride(primals_142, (768, ), (1, ))
        assert_size_stride(primals_143, (768, ), (1, ))
        assert_size_stride(primals_144, (3072, ), (1, ))
        assert_size_stride(primals_145, (768, 3072), (3072, 1))
        assert_size_stride(primals_146, (768, ), (1, ))
        assert_size_stride(primals_147, (3072, 768), (768, 1))
        assert_size_stride(primals_148, (768, ), (1, ))
        assert_size_stride(primals_149, (768, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((512, ), (1, ), torch.int64)
            # Topologically Sorted Source Nodes: [arange, position_ids], Original ATen: [aten.arange, aten.add]
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_arange_0.run(buf0, 512, stream=stream0)
            buf1 = empty_strided_cuda((25, ), (1, ), torch.int64)
            # Topologically Sorted Source Nodes: [], Original ATen: []
            aten.randint.low_out(-9223372036854775808, 9223372036854775807, [25], out=buf1)
            buf3 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf4 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf8 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf459 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf9 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [inputs_embeds, arange, position_ids, position_ids_1, position_embeds, hidden_states, hidden_states_1, hidden_states_2, view_1, x, div_24], Original ATen: [aten.embedding, aten.arange, aten.add, aten.unsqueeze, aten.native_dropout, aten.native_layer_norm, aten.view, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_arange_embedding_native_dropout_native_layer_norm_native_layer_norm_backward_unsqueeze_view_1.run(buf1, primals_1, primals_2, buf0, primals_3, primals_4, primals_5, buf3, buf4, buf8, buf459, buf9, 0, 2048, 768, stream=stream0)
            del primals_3
            del primals_5
            buf10 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_7, buf10, 1769472, stream=stream0)
            del primals_7
            buf11 = empty_strided_cuda((2304, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_6, buf11, 2304, stream=stream0)
            del primals_6
            buf12 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_2, view_1, x], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf11, buf9, buf10, alpha=1, beta=1, out=buf12)
            buf13 = empty_strided_cuda((4, 12, 512, 64), (393216, 64, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_1, split, view_3, key_states_1, keys], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf12, buf13, 1572864, stream=stream0)
            buf14 = empty_strided_cuda((4, 12, 512, 64), (393216, 64, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_1, split, view_4, value_states_1, values], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf12, buf14, 1572864, stream=stream0)
            buf15 = empty_strided_cuda((4, 1, 512, 512), (262144, 262144, 512, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [arange, position_ids, position_ids_1, q_indices, kv_indices, attention_mask, attention_mask_1, attn_output], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.le, aten.expand, aten.scalar_tensor, aten.where]
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_arange_expand_le_scalar_tensor_unsqueeze_where_6.run(buf0, buf15, 1048576, stream=stream0)
            # Topologically Sorted Source Nodes: [x_1, split, view_5, query_states_1, attn_output], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf16 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf12, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf13, buf14, buf15, True, 0.1, scale=0.125)
            buf17 = buf16[0]
            assert_size_stride(buf17, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf17, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf18 = buf16[1]
            assert_size_stride(buf18, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf18, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf19 = buf16[6]
            assert_size_stride(buf19, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf19, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf20 = buf16[7]
            assert_size_stride(buf20, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf20, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf16
            buf21 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_2], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_9, buf21, 589824, stream=stream0)
            del primals_9
            buf22 = empty_strided_cuda((768, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_2], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_8, buf22, 768, stream=stream0)
            del primals_8
            buf23 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_3, reshape, view_6, x_2], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf22, reinterpret_tensor(buf17, (2048, 768), (768, 1), 0), buf21, alpha=1, beta=1, out=buf23)
            buf25 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf29 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf458 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf30 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_3, attn_output_3, hidden_states_3, hidden_states_4, view_8, x_4, div_23], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_9.run(buf1, buf23, buf4, primals_10, primals_11, buf25, buf29, buf458, buf30, 1, 2048, 768, stream=stream0)
            del primals_11
            buf31 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_4], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_13, buf31, 2359296, stream=stream0)
            del primals_13
            buf32 = empty_strided_cuda((3072, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_4], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_12, buf32, 3072, stream=stream0)
            del primals_12
            buf33 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_4, view_8, x_4], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf32, buf30, buf31, alpha=1, beta=1, out=buf33)
            buf34 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_5, mul, pow_1, mul_1, add_5, mul_2, tanh, add_6, hidden_states_5, view_10, x_6], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf33, buf34, 6291456, stream=stream0)
            buf35 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_6], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_15, buf35, 2359296, stream=stream0)
            del primals_15
            buf36 = buf22; del buf22  # reuse
            # Topologically Sorted Source Nodes: [x_6], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_14, buf36, 768, stream=stream0)
            del primals_14
            buf37 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_5, mul, pow_1, mul_1, add_5, mul_2, tanh, add_6, hidden_states_5, view_10, x_6], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf36, buf34, buf35, alpha=1, beta=1, out=buf37)
            buf39 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf40 = buf4; del buf4  # reuse
            buf44 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf457 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf45 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_3, attn_output_3, hidden_states_3, x_7, hidden_states_6, hidden_states_7, hidden_states_8, view_12, x_8, div_22], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf40, buf1, buf25, buf23, buf37, primals_16, primals_17, buf39, buf44, buf457, buf45, 2, 2048, 768, stream=stream0)
            del primals_17
            buf46 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_19, buf46, 1769472, stream=stream0)
            del primals_19
            buf47 = buf11; del buf11  # reuse
            # Topologically Sorted Source Nodes: [x_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_18, buf47, 2304, stream=stream0)
            del primals_18
            buf48 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_8, view_12, x_8], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf47, buf45, buf46, alpha=1, beta=1, out=buf48)
            buf49 = reinterpret_tensor(buf37, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf37  # reuse
            # Topologically Sorted Source Nodes: [x_9, split_1, view_14, key_states_3, keys_1], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf48, buf49, 1572864, stream=stream0)
            buf50 = reinterpret_tensor(buf23, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf23  # reuse
            # Topologically Sorted Source Nodes: [x_9, split_1, view_15, value_states_3, values_1], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf48, buf50, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_9, split_1, view_16, query_states_3, attn_output_4], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf51 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf48, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf49, buf50, buf15, True, 0.1, scale=0.125)
            buf52 = buf51[0]
            assert_size_stride(buf52, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf52, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf53 = buf51[1]
            assert_size_stride(buf53, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf53, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf54 = buf51[6]
            assert_size_stride(buf54, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf54, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf55 = buf51[7]
            assert_size_stride(buf55, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf55, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf51
            buf56 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_10], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_21, buf56, 589824, stream=stream0)
            del primals_21
            buf57 = buf36; del buf36  # reuse
            # Topologically Sorted Source Nodes: [x_10], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_20, buf57, 768, stream=stream0)
            del primals_20
            buf58 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_7, reshape_1, view_17, x_10], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf57, reinterpret_tensor(buf52, (2048, 768), (768, 1), 0), buf56, alpha=1, beta=1, out=buf58)
            buf60 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf64 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf456 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf65 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_11, attn_output_7, hidden_states_9, hidden_states_10, view_19, x_12, div_21], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf58, buf40, primals_22, primals_23, buf60, buf64, buf456, buf65, 3, 2048, 768, stream=stream0)
            del primals_23
            buf66 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_12], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_25, buf66, 2359296, stream=stream0)
            del primals_25
            buf67 = buf32; del buf32  # reuse
            # Topologically Sorted Source Nodes: [x_12], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_24, buf67, 3072, stream=stream0)
            del primals_24
            buf68 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_10, view_19, x_12], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf67, buf65, buf66, alpha=1, beta=1, out=buf68)
            buf69 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_13, mul_4, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, hidden_states_11, view_21, x_14], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf68, buf69, 6291456, stream=stream0)
            buf70 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_14], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_27, buf70, 2359296, stream=stream0)
            del primals_27
            buf71 = buf57; del buf57  # reuse
            # Topologically Sorted Source Nodes: [x_14], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_26, buf71, 768, stream=stream0)
            del primals_26
            buf72 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_13, mul_4, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, hidden_states_11, view_21, x_14], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf71, buf69, buf70, alpha=1, beta=1, out=buf72)
            buf74 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf75 = buf40; del buf40  # reuse
            buf79 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf455 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf80 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_11, attn_output_7, hidden_states_9, x_15, hidden_states_12, hidden_states_13, hidden_states_14, view_23, x_16, div_20], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf75, buf1, buf60, buf58, buf72, primals_28, primals_29, buf74, buf79, buf455, buf80, 4, 2048, 768, stream=stream0)
            del primals_29
            buf81 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_16], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_31, buf81, 1769472, stream=stream0)
            del primals_31
            buf82 = buf47; del buf47  # reuse
            # Topologically Sorted Source Nodes: [x_16], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_30, buf82, 2304, stream=stream0)
            del primals_30
            buf83 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_14, view_23, x_16], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf82, buf80, buf81, alpha=1, beta=1, out=buf83)
            buf84 = reinterpret_tensor(buf72, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf72  # reuse
            # Topologically Sorted Source Nodes: [x_17, split_2, view_25, key_states_5, keys_2], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf83, buf84, 1572864, stream=stream0)
            buf85 = reinterpret_tensor(buf58, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf58  # reuse
            # Topologically Sorted Source Nodes: [x_17, split_2, view_26, value_states_5, values_2], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf83, buf85, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_17, split_2, view_27, query_states_5, attn_output_8], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf86 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf83, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf84, buf85, buf15, True, 0.1, scale=0.125)
            buf87 = buf86[0]
            assert_size_stride(buf87, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf87, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf88 = buf86[1]
            assert_size_stride(buf88, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf88, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf89 = buf86[6]
            assert_size_stride(buf89, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf89, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf90 = buf86[7]
            assert_size_stride(buf90, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf90, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf86
            buf91 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_18], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_33, buf91, 589824, stream=stream0)
            del primals_33
            buf92 = buf71; del buf71  # reuse
            # Topologically Sorted Source Nodes: [x_18], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_32, buf92, 768, stream=stream0)
            del primals_32
            buf93 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_11, reshape_2, view_28, x_18], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf92, reinterpret_tensor(buf87, (2048, 768), (768, 1), 0), buf91, alpha=1, beta=1, out=buf93)
            buf95 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf99 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf454 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf100 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_19, attn_output_11, hidden_states_15, hidden_states_16, view_30, x_20, div_19], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf93, buf75, primals_34, primals_35, buf95, buf99, buf454, buf100, 5, 2048, 768, stream=stream0)
            del primals_35
            buf101 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_20], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_37, buf101, 2359296, stream=stream0)
            del primals_37
            buf102 = buf67; del buf67  # reuse
            # Topologically Sorted Source Nodes: [x_20], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_36, buf102, 3072, stream=stream0)
            del primals_36
            buf103 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_16, view_30, x_20], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf102, buf100, buf101, alpha=1, beta=1, out=buf103)
            buf104 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_21, mul_8, pow_3, mul_9, add_13, mul_10, tanh_2, add_14, hidden_states_17, view_32, x_22], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf103, buf104, 6291456, stream=stream0)
            buf105 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_22], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_39, buf105, 2359296, stream=stream0)
            del primals_39
            buf106 = buf92; del buf92  # reuse
            # Topologically Sorted Source Nodes: [x_22], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_38, buf106, 768, stream=stream0)
            del primals_38
            buf107 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_21, mul_8, pow_3, mul_9, add_13, mul_10, tanh_2, add_14, hidden_states_17, view_32, x_22], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf106, buf104, buf105, alpha=1, beta=1, out=buf107)
            buf109 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf110 = buf75; del buf75  # reuse
            buf114 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf453 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf115 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_19, attn_output_11, hidden_states_15, x_23, hidden_states_18, hidden_states_19, hidden_states_20, view_34, x_24, div_18], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf110, buf1, buf95, buf93, buf107, primals_40, primals_41, buf109, buf114, buf453, buf115, 6, 2048, 768, stream=stream0)
            del primals_41
            buf116 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_43, buf116, 1769472, stream=stream0)
            del primals_43
            buf117 = buf82; del buf82  # reuse
            # Topologically Sorted Source Nodes: [x_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_42, buf117, 2304, stream=stream0)
            del primals_42
            buf118 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_20, view_34, x_24], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf117, buf115, buf116, alpha=1, beta=1, out=buf118)
            buf119 = reinterpret_tensor(buf93, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf93  # reuse
            # Topologically Sorted Source Nodes: [x_25, split_3, view_36, key_states_7, keys_3], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf118, buf119, 1572864, stream=stream0)
            buf120 = reinterpret_tensor(buf107, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf107  # reuse
            # Topologically Sorted Source Nodes: [x_25, split_3, view_37, value_states_7, values_3], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf118, buf120, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_25, split_3, view_38, query_states_7, attn_output_12], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf121 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf118, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf119, buf120, buf15, True, 0.1, scale=0.125)
            buf122 = buf121[0]
            assert_size_stride(buf122, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf122, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf123 = buf121[1]
            assert_size_stride(buf123, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf123, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf124 = buf121[6]
            assert_size_stride(buf124, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf124, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf125 = buf121[7]
            assert_size_stride(buf125, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf125, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf121
            buf126 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_26], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_45, buf126, 589824, stream=stream0)
            del primals_45
            buf127 = buf106; del buf106  # reuse
            # Topologically Sorted Source Nodes: [x_26], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_44, buf127, 768, stream=stream0)
            del primals_44
            buf128 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_15, reshape_3, view_39, x_26], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf127, reinterpret_tensor(buf122, (2048, 768), (768, 1), 0), buf126, alpha=1, beta=1, out=buf128)
            buf130 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf134 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf452 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf135 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_27, attn_output_15, hidden_states_21, hidden_states_22, view_41, x_28, div_17], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf128, buf110, primals_46, primals_47, buf130, buf134, buf452, buf135, 7, 2048, 768, stream=stream0)
            del primals_47
            buf136 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_28], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_49, buf136, 2359296, stream=stream0)
            del primals_49
            buf137 = buf102; del buf102  # reuse
            # Topologically Sorted Source Nodes: [x_28], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_48, buf137, 3072, stream=stream0)
            del primals_48
            buf138 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_22, view_41, x_28], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf137, buf135, buf136, alpha=1, beta=1, out=buf138)
            buf139 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_29, mul_12, pow_4, mul_13, add_17, mul_14, tanh_3, add_18, hidden_states_23, view_43, x_30], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf138, buf139, 6291456, stream=stream0)
            buf140 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_30], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_51, buf140, 2359296, stream=stream0)
            del primals_51
            buf141 = buf127; del buf127  # reuse
            # Topologically Sorted Source Nodes: [x_30], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_50, buf141, 768, stream=stream0)
            del primals_50
            buf142 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_29, mul_12, pow_4, mul_13, add_17, mul_14, tanh_3, add_18, hidden_states_23, view_43, x_30], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf141, buf139, buf140, alpha=1, beta=1, out=buf142)
            buf144 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf145 = buf110; del buf110  # reuse
            buf149 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf451 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf150 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_27, attn_output_15, hidden_states_21, x_31, hidden_states_24, hidden_states_25, hidden_states_26, view_45, x_32, div_16], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf145, buf1, buf130, buf128, buf142, primals_52, primals_53, buf144, buf149, buf451, buf150, 8, 2048, 768, stream=stream0)
            del primals_53
            buf151 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_55, buf151, 1769472, stream=stream0)
            del primals_55
            buf152 = buf117; del buf117  # reuse
            # Topologically Sorted Source Nodes: [x_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_54, buf152, 2304, stream=stream0)
            del primals_54
            buf153 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_26, view_45, x_32], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf152, buf150, buf151, alpha=1, beta=1, out=buf153)
            buf154 = reinterpret_tensor(buf142, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf142  # reuse
            # Topologically Sorted Source Nodes: [x_33, split_4, view_47, key_states_9, keys_4], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf153, buf154, 1572864, stream=stream0)
            buf155 = reinterpret_tensor(buf128, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf128  # reuse
            # Topologically Sorted Source Nodes: [x_33, split_4, view_48, value_states_9, values_4], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf153, buf155, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_33, split_4, view_49, query_states_9, attn_output_16], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf156 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf153, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf154, buf155, buf15, True, 0.1, scale=0.125)
            buf157 = buf156[0]
            assert_size_stride(buf157, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf157, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf158 = buf156[1]
            assert_size_stride(buf158, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf158, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf159 = buf156[6]
            assert_size_stride(buf159, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf159, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf160 = buf156[7]
            assert_size_stride(buf160, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf160, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf156
            buf161 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_34], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_57, buf161, 589824, stream=stream0)
            del primals_57
            buf162 = buf141; del buf141  # reuse
            # Topologically Sorted Source Nodes: [x_34], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_56, buf162, 768, stream=stream0)
            del primals_56
            buf163 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_19, reshape_4, view_50, x_34], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf162, reinterpret_tensor(buf157, (2048, 768), (768, 1), 0), buf161, alpha=1, beta=1, out=buf163)
            buf165 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf169 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf450 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf170 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_35, attn_output_19, hidden_states_27, hidden_states_28, view_52, x_36, div_15], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf163, buf145, primals_58, primals_59, buf165, buf169, buf450, buf170, 9, 2048, 768, stream=stream0)
            del primals_59
            buf171 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_36], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_61, buf171, 2359296, stream=stream0)
            del primals_61
            buf172 = buf137; del buf137  # reuse
            # Topologically Sorted Source Nodes: [x_36], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_60, buf172, 3072, stream=stream0)
            del primals_60
            buf173 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_28, view_52, x_36], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf172, buf170, buf171, alpha=1, beta=1, out=buf173)
            buf174 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_37, mul_16, pow_5, mul_17, add_21, mul_18, tanh_4, add_22, hidden_states_29, view_54, x_38], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf173, buf174, 6291456, stream=stream0)
            buf175 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_38], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_63, buf175, 2359296, stream=stream0)
            del primals_63
            buf176 = buf162; del buf162  # reuse
            # Topologically Sorted Source Nodes: [x_38], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_62, buf176, 768, stream=stream0)
            del primals_62
            buf177 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_37, mul_16, pow_5, mul_17, add_21, mul_18, tanh_4, add_22, hidden_states_29, view_54, x_38], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf176, buf174, buf175, alpha=1, beta=1, out=buf177)
            buf179 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf180 = buf145; del buf145  # reuse
            buf184 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf449 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf185 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_35, attn_output_19, hidden_states_27, x_39, hidden_states_30, hidden_states_31, hidden_states_32, view_56, x_40, div_14], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf180, buf1, buf165, buf163, buf177, primals_64, primals_65, buf179, buf184, buf449, buf185, 10, 2048, 768, stream=stream0)
            del primals_65
            buf186 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_40], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_67, buf186, 1769472, stream=stream0)
            del primals_67
            buf187 = buf152; del buf152  # reuse
            # Topologically Sorted Source Nodes: [x_40], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_66, buf187, 2304, stream=stream0)
            del primals_66
            buf188 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_32, view_56, x_40], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf187, buf185, buf186, alpha=1, beta=1, out=buf188)
            buf189 = reinterpret_tensor(buf177, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf177  # reuse
            # Topologically Sorted Source Nodes: [x_41, split_5, view_58, key_states_11, keys_5], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf188, buf189, 1572864, stream=stream0)
            buf190 = reinterpret_tensor(buf163, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf163  # reuse
            # Topologically Sorted Source Nodes: [x_41, split_5, view_59, value_states_11, values_5], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf188, buf190, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_41, split_5, view_60, query_states_11, attn_output_20], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf191 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf188, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf189, buf190, buf15, True, 0.1, scale=0.125)
            buf192 = buf191[0]
            assert_size_stride(buf192, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf192, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf193 = buf191[1]
            assert_size_stride(buf193, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf193, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf194 = buf191[6]
            assert_size_stride(buf194, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf194, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf195 = buf191[7]
            assert_size_stride(buf195, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf195, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf191
            buf196 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_42], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_69, buf196, 589824, stream=stream0)
            del primals_69
            buf197 = buf176; del buf176  # reuse
            # Topologically Sorted Source Nodes: [x_42], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_68, buf197, 768, stream=stream0)
            del primals_68
            buf198 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_23, reshape_5, view_61, x_42], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf197, reinterpret_tensor(buf192, (2048, 768), (768, 1), 0), buf196, alpha=1, beta=1, out=buf198)
            buf200 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf204 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf448 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf205 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_43, attn_output_23, hidden_states_33, hidden_states_34, view_63, x_44, div_13], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf198, buf180, primals_70, primals_71, buf200, buf204, buf448, buf205, 11, 2048, 768, stream=stream0)
            del primals_71
            buf206 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_44], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_73, buf206, 2359296, stream=stream0)
            del primals_73
            buf207 = buf172; del buf172  # reuse
            # Topologically Sorted Source Nodes: [x_44], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_72, buf207, 3072, stream=stream0)
            del primals_72
            buf208 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_34, view_63, x_44], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf207, buf205, buf206, alpha=1, beta=1, out=buf208)
            buf209 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_45, mul_20, pow_6, mul_21, add_25, mul_22, tanh_5, add_26, hidden_states_35, view_65, x_46], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf208, buf209, 6291456, stream=stream0)
            buf210 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_46], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_75, buf210, 2359296, stream=stream0)
            del primals_75
            buf211 = buf197; del buf197  # reuse
            # Topologically Sorted Source Nodes: [x_46], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_74, buf211, 768, stream=stream0)
            del primals_74
            buf212 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_45, mul_20, pow_6, mul_21, add_25, mul_22, tanh_5, add_26, hidden_states_35, view_65, x_46], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf211, buf209, buf210, alpha=1, beta=1, out=buf212)
            buf214 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf215 = buf180; del buf180  # reuse
            buf219 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf447 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf220 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_43, attn_output_23, hidden_states_33, x_47, hidden_states_36, hidden_states_37, hidden_states_38, view_67, x_48, div_12], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf215, buf1, buf200, buf198, buf212, primals_76, primals_77, buf214, buf219, buf447, buf220, 12, 2048, 768, stream=stream0)
            del primals_77
            buf221 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_79, buf221, 1769472, stream=stream0)
            del primals_79
            buf222 = buf187; del buf187  # reuse
            # Topologically Sorted Source Nodes: [x_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_78, buf222, 2304, stream=stream0)
            del primals_78
            buf223 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_38, view_67, x_48], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf222, buf220, buf221, alpha=1, beta=1, out=buf223)
            buf224 = reinterpret_tensor(buf212, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf212  # reuse
            # Topologically Sorted Source Nodes: [x_49, split_6, view_69, key_states_13, keys_6], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf223, buf224, 1572864, stream=stream0)
            buf225 = reinterpret_tensor(buf198, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf198  # reuse
            # Topologically Sorted Source Nodes: [x_49, split_6, view_70, value_states_13, values_6], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf223, buf225, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_49, split_6, view_71, query_states_13, attn_output_24], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf226 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf223, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf224, buf225, buf15, True, 0.1, scale=0.125)
            buf227 = buf226[0]
            assert_size_stride(buf227, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf227, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf228 = buf226[1]
            assert_size_stride(buf228, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf228, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf229 = buf226[6]
            assert_size_stride(buf229, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf229, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf230 = buf226[7]
            assert_size_stride(buf230, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf230, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf226
            buf231 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_50], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_81, buf231, 589824, stream=stream0)
            del primals_81
            buf232 = buf211; del buf211  # reuse
            # Topologically Sorted Source Nodes: [x_50], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_80, buf232, 768, stream=stream0)
            del primals_80
            buf233 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_27, reshape_6, view_72, x_50], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf232, reinterpret_tensor(buf227, (2048, 768), (768, 1), 0), buf231, alpha=1, beta=1, out=buf233)
            buf235 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf239 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf446 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf240 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_51, attn_output_27, hidden_states_39, hidden_states_40, view_74, x_52, div_11], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf233, buf215, primals_82, primals_83, buf235, buf239, buf446, buf240, 13, 2048, 768, stream=stream0)
            del primals_83
            buf241 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_52], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_85, buf241, 2359296, stream=stream0)
            del primals_85
            buf242 = buf207; del buf207  # reuse
            # Topologically Sorted Source Nodes: [x_52], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_84, buf242, 3072, stream=stream0)
            del primals_84
            buf243 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_40, view_74, x_52], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf242, buf240, buf241, alpha=1, beta=1, out=buf243)
            buf244 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_53, mul_24, pow_7, mul_25, add_29, mul_26, tanh_6, add_30, hidden_states_41, view_76, x_54], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf243, buf244, 6291456, stream=stream0)
            buf245 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_54], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_87, buf245, 2359296, stream=stream0)
            del primals_87
            buf246 = buf232; del buf232  # reuse
            # Topologically Sorted Source Nodes: [x_54], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_86, buf246, 768, stream=stream0)
            del primals_86
            buf247 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_53, mul_24, pow_7, mul_25, add_29, mul_26, tanh_6, add_30, hidden_states_41, view_76, x_54], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf246, buf244, buf245, alpha=1, beta=1, out=buf247)
            buf249 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf250 = buf215; del buf215  # reuse
            buf254 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf445 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf255 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_51, attn_output_27, hidden_states_39, x_55, hidden_states_42, hidden_states_43, hidden_states_44, view_78, x_56, div_10], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf250, buf1, buf235, buf233, buf247, primals_88, primals_89, buf249, buf254, buf445, buf255, 14, 2048, 768, stream=stream0)
            del primals_89
            buf256 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_91, buf256, 1769472, stream=stream0)
            del primals_91
            buf257 = buf222; del buf222  # reuse
            # Topologically Sorted Source Nodes: [x_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_90, buf257, 2304, stream=stream0)
            del primals_90
            buf258 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_44, view_78, x_56], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf257, buf255, buf256, alpha=1, beta=1, out=buf258)
            buf259 = reinterpret_tensor(buf247, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf247  # reuse
            # Topologically Sorted Source Nodes: [x_57, split_7, view_80, key_states_15, keys_7], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf258, buf259, 1572864, stream=stream0)
            buf260 = reinterpret_tensor(buf233, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf233  # reuse
            # Topologically Sorted Source Nodes: [x_57, split_7, view_81, value_states_15, values_7], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf258, buf260, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_57, split_7, view_82, query_states_15, attn_output_28], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf261 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf258, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf259, buf260, buf15, True, 0.1, scale=0.125)
            buf262 = buf261[0]
            assert_size_stride(buf262, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf262, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf263 = buf261[1]
            assert_size_stride(buf263, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf263, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf264 = buf261[6]
            assert_size_stride(buf264, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf264, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf265 = buf261[7]
            assert_size_stride(buf265, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf265, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf261
            buf266 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_58], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_93, buf266, 589824, stream=stream0)
            del primals_93
            buf267 = buf246; del buf246  # reuse
            # Topologically Sorted Source Nodes: [x_58], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_92, buf267, 768, stream=stream0)
            del primals_92
            buf268 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_31, reshape_7, view_83, x_58], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf267, reinterpret_tensor(buf262, (2048, 768), (768, 1), 0), buf266, alpha=1, beta=1, out=buf268)
            buf270 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf274 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf444 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf275 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_59, attn_output_31, hidden_states_45, hidden_states_46, view_85, x_60, div_9], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf268, buf250, primals_94, primals_95, buf270, buf274, buf444, buf275, 15, 2048, 768, stream=stream0)
            del primals_95
            buf276 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_60], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_97, buf276, 2359296, stream=stream0)
            del primals_97
            buf277 = buf242; del buf242  # reuse
            # Topologically Sorted Source Nodes: [x_60], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_96, buf277, 3072, stream=stream0)
            del primals_96
            buf278 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_46, view_85, x_60], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf277, buf275, buf276, alpha=1, beta=1, out=buf278)
            buf279 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_61, mul_28, pow_8, mul_29, add_33, mul_30, tanh_7, add_34, hidden_states_47, view_87, x_62], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf278, buf279, 6291456, stream=stream0)
            buf280 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_62], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_99, buf280, 2359296, stream=stream0)
            del primals_99
            buf281 = buf267; del buf267  # reuse
            # Topologically Sorted Source Nodes: [x_62], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_98, buf281, 768, stream=stream0)
            del primals_98
            buf282 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_61, mul_28, pow_8, mul_29, add_33, mul_30, tanh_7, add_34, hidden_states_47, view_87, x_62], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf281, buf279, buf280, alpha=1, beta=1, out=buf282)
            buf284 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf285 = buf250; del buf250  # reuse
            buf289 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf443 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf290 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_59, attn_output_31, hidden_states_45, x_63, hidden_states_48, hidden_states_49, hidden_states_50, view_89, x_64, div_8], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf285, buf1, buf270, buf268, buf282, primals_100, primals_101, buf284, buf289, buf443, buf290, 16, 2048, 768, stream=stream0)
            del primals_101
            buf291 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_64], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_103, buf291, 1769472, stream=stream0)
            del primals_103
            buf292 = buf257; del buf257  # reuse
            # Topologically Sorted Source Nodes: [x_64], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_102, buf292, 2304, stream=stream0)
            del primals_102
            buf293 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_50, view_89, x_64], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf292, buf290, buf291, alpha=1, beta=1, out=buf293)
            buf294 = reinterpret_tensor(buf282, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf282  # reuse
            # Topologically Sorted Source Nodes: [x_65, split_8, view_91, key_states_17, keys_8], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf293, buf294, 1572864, stream=stream0)
            buf295 = reinterpret_tensor(buf268, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf268  # reuse
            # Topologically Sorted Source Nodes: [x_65, split_8, view_92, value_states_17, values_8], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf293, buf295, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_65, split_8, view_93, query_states_17, attn_output_32], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf296 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf293, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf294, buf295, buf15, True, 0.1, scale=0.125)
            buf297 = buf296[0]
            assert_size_stride(buf297, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf297, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf298 = buf296[1]
            assert_size_stride(buf298, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf298, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf299 = buf296[6]
            assert_size_stride(buf299, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf299, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf300 = buf296[7]
            assert_size_stride(buf300, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf300, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf296
            buf301 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_66], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_105, buf301, 589824, stream=stream0)
            del primals_105
            buf302 = buf281; del buf281  # reuse
            # Topologically Sorted Source Nodes: [x_66], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_104, buf302, 768, stream=stream0)
            del primals_104
            buf303 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_35, reshape_8, view_94, x_66], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf302, reinterpret_tensor(buf297, (2048, 768), (768, 1), 0), buf301, alpha=1, beta=1, out=buf303)
            buf305 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf309 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf442 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf310 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_67, attn_output_35, hidden_states_51, hidden_states_52, view_96, x_68, div_7], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf303, buf285, primals_106, primals_107, buf305, buf309, buf442, buf310, 17, 2048, 768, stream=stream0)
            del primals_107
            buf311 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_68], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_109, buf311, 2359296, stream=stream0)
            del primals_109
            buf312 = buf277; del buf277  # reuse
            # Topologically Sorted Source Nodes: [x_68], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_108, buf312, 3072, stream=stream0)
            del primals_108
            buf313 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_52, view_96, x_68], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf312, buf310, buf311, alpha=1, beta=1, out=buf313)
            buf314 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_69, mul_32, pow_9, mul_33, add_37, mul_34, tanh_8, add_38, hidden_states_53, view_98, x_70], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf313, buf314, 6291456, stream=stream0)
            buf315 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_70], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_111, buf315, 2359296, stream=stream0)
            del primals_111
            buf316 = buf302; del buf302  # reuse
            # Topologically Sorted Source Nodes: [x_70], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_110, buf316, 768, stream=stream0)
            del primals_110
            buf317 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_69, mul_32, pow_9, mul_33, add_37, mul_34, tanh_8, add_38, hidden_states_53, view_98, x_70], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf316, buf314, buf315, alpha=1, beta=1, out=buf317)
            buf319 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf320 = buf285; del buf285  # reuse
            buf324 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf441 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf325 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_67, attn_output_35, hidden_states_51, x_71, hidden_states_54, hidden_states_55, hidden_states_56, view_100, x_72, div_6], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf320, buf1, buf305, buf303, buf317, primals_112, primals_113, buf319, buf324, buf441, buf325, 18, 2048, 768, stream=stream0)
            del primals_113
            buf326 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_72], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_115, buf326, 1769472, stream=stream0)
            del primals_115
            buf327 = buf292; del buf292  # reuse
            # Topologically Sorted Source Nodes: [x_72], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_114, buf327, 2304, stream=stream0)
            del primals_114
            buf328 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_56, view_100, x_72], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf327, buf325, buf326, alpha=1, beta=1, out=buf328)
            buf329 = reinterpret_tensor(buf317, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf317  # reuse
            # Topologically Sorted Source Nodes: [x_73, split_9, view_102, key_states_19, keys_9], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf328, buf329, 1572864, stream=stream0)
            buf330 = reinterpret_tensor(buf303, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf303  # reuse
            # Topologically Sorted Source Nodes: [x_73, split_9, view_103, value_states_19, values_9], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf328, buf330, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_73, split_9, view_104, query_states_19, attn_output_36], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf331 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf328, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf329, buf330, buf15, True, 0.1, scale=0.125)
            buf332 = buf331[0]
            assert_size_stride(buf332, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf332, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf333 = buf331[1]
            assert_size_stride(buf333, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf333, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf334 = buf331[6]
            assert_size_stride(buf334, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf334, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf335 = buf331[7]
            assert_size_stride(buf335, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf335, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf331
            buf336 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_74], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_117, buf336, 589824, stream=stream0)
            del primals_117
            buf337 = buf316; del buf316  # reuse
            # Topologically Sorted Source Nodes: [x_74], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_116, buf337, 768, stream=stream0)
            del primals_116
            buf338 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_39, reshape_9, view_105, x_74], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf337, reinterpret_tensor(buf332, (2048, 768), (768, 1), 0), buf336, alpha=1, beta=1, out=buf338)
            buf340 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf344 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf440 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf345 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_75, attn_output_39, hidden_states_57, hidden_states_58, view_107, x_76, div_5], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf338, buf320, primals_118, primals_119, buf340, buf344, buf440, buf345, 19, 2048, 768, stream=stream0)
            del primals_119
            buf346 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_76], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_121, buf346, 2359296, stream=stream0)
            del primals_121
            buf347 = buf312; del buf312  # reuse
            # Topologically Sorted Source Nodes: [x_76], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_120, buf347, 3072, stream=stream0)
            del primals_120
            buf348 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_58, view_107, x_76], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf347, buf345, buf346, alpha=1, beta=1, out=buf348)
            buf349 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_77, mul_36, pow_10, mul_37, add_41, mul_38, tanh_9, add_42, hidden_states_59, view_109, x_78], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf348, buf349, 6291456, stream=stream0)
            buf350 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_78], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_123, buf350, 2359296, stream=stream0)
            del primals_123
            buf351 = buf337; del buf337  # reuse
            # Topologically Sorted Source Nodes: [x_78], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_122, buf351, 768, stream=stream0)
            del primals_122
            buf352 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_77, mul_36, pow_10, mul_37, add_41, mul_38, tanh_9, add_42, hidden_states_59, view_109, x_78], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf351, buf349, buf350, alpha=1, beta=1, out=buf352)
            buf354 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf355 = buf320; del buf320  # reuse
            buf359 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf439 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf360 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_75, attn_output_39, hidden_states_57, x_79, hidden_states_60, hidden_states_61, hidden_states_62, view_111, x_80, div_4], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf355, buf1, buf340, buf338, buf352, primals_124, primals_125, buf354, buf359, buf439, buf360, 20, 2048, 768, stream=stream0)
            del primals_125
            buf361 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_80], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_127, buf361, 1769472, stream=stream0)
            del primals_127
            buf362 = buf327; del buf327  # reuse
            # Topologically Sorted Source Nodes: [x_80], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_126, buf362, 2304, stream=stream0)
            del primals_126
            buf363 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_62, view_111, x_80], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf362, buf360, buf361, alpha=1, beta=1, out=buf363)
            buf364 = reinterpret_tensor(buf352, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf352  # reuse
            # Topologically Sorted Source Nodes: [x_81, split_10, view_113, key_states_21, keys_10], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf363, buf364, 1572864, stream=stream0)
            buf365 = reinterpret_tensor(buf338, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf338  # reuse
            # Topologically Sorted Source Nodes: [x_81, split_10, view_114, value_states_21, values_10], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf363, buf365, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_81, split_10, view_115, query_states_21, attn_output_40], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf366 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf363, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf364, buf365, buf15, True, 0.1, scale=0.125)
            buf367 = buf366[0]
            assert_size_stride(buf367, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf367, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf368 = buf366[1]
            assert_size_stride(buf368, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf368, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf369 = buf366[6]
            assert_size_stride(buf369, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf369, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf370 = buf366[7]
            assert_size_stride(buf370, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf370, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf366
            buf371 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_82], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_129, buf371, 589824, stream=stream0)
            del primals_129
            buf372 = buf351; del buf351  # reuse
            # Topologically Sorted Source Nodes: [x_82], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_128, buf372, 768, stream=stream0)
            del primals_128
            buf373 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_43, reshape_10, view_116, x_82], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf372, reinterpret_tensor(buf367, (2048, 768), (768, 1), 0), buf371, alpha=1, beta=1, out=buf373)
            buf375 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf379 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf438 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf380 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_83, attn_output_43, hidden_states_63, hidden_states_64, view_118, x_84, div_3], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf373, buf355, primals_130, primals_131, buf375, buf379, buf438, buf380, 21, 2048, 768, stream=stream0)
            del primals_131
            buf381 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_84], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_133, buf381, 2359296, stream=stream0)
            del primals_133
            buf382 = buf347; del buf347  # reuse
            # Topologically Sorted Source Nodes: [x_84], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_132, buf382, 3072, stream=stream0)
            del primals_132
            buf383 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_64, view_118, x_84], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf382, buf380, buf381, alpha=1, beta=1, out=buf383)
            buf384 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_85, mul_40, pow_11, mul_41, add_45, mul_42, tanh_10, add_46, hidden_states_65, view_120, x_86], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf383, buf384, 6291456, stream=stream0)
            buf385 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_86], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_135, buf385, 2359296, stream=stream0)
            del primals_135
            buf386 = buf372; del buf372  # reuse
            # Topologically Sorted Source Nodes: [x_86], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_134, buf386, 768, stream=stream0)
            del primals_134
            buf387 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_85, mul_40, pow_11, mul_41, add_45, mul_42, tanh_10, add_46, hidden_states_65, view_120, x_86], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf386, buf384, buf385, alpha=1, beta=1, out=buf387)
            buf389 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf390 = buf355; del buf355  # reuse
            buf394 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf437 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf395 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_83, attn_output_43, hidden_states_63, x_87, hidden_states_66, hidden_states_67, hidden_states_68, view_122, x_88, div_2], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_13.run(buf390, buf1, buf375, buf373, buf387, primals_136, primals_137, buf389, buf394, buf437, buf395, 22, 2048, 768, stream=stream0)
            del primals_137
            buf396 = empty_strided_cuda((768, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_88], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_2.run(primals_139, buf396, 1769472, stream=stream0)
            del primals_139
            buf397 = buf362; del buf362  # reuse
            # Topologically Sorted Source Nodes: [x_88], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_138, buf397, 2304, stream=stream0)
            del primals_138
            buf398 = empty_strided_cuda((2048, 2304), (2304, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_68, view_122, x_88], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf397, buf395, buf396, alpha=1, beta=1, out=buf398)
            del buf397
            buf399 = reinterpret_tensor(buf387, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf387  # reuse
            # Topologically Sorted Source Nodes: [x_89, split_11, view_124, key_states_23, keys_11], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_4.run(buf398, buf399, 1572864, stream=stream0)
            buf400 = reinterpret_tensor(buf373, (4, 12, 512, 64), (393216, 64, 768, 1), 0); del buf373  # reuse
            # Topologically Sorted Source Nodes: [x_89, split_11, view_125, value_states_23, values_11], Original ATen: [aten.view, aten.split, aten.transpose, aten.cat]
            stream0 = get_raw_stream(0)
            triton_poi_fused_cat_split_transpose_view_5.run(buf398, buf400, 1572864, stream=stream0)
            # Topologically Sorted Source Nodes: [x_89, split_11, view_126, query_states_23, attn_output_44], Original ATen: [aten.view, aten.split, aten.transpose, aten._scaled_dot_product_cudnn_attention]
            buf401 = torch.ops.aten._scaled_dot_product_cudnn_attention.default(reinterpret_tensor(buf398, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf399, buf400, buf15, True, 0.1, scale=0.125)
            buf402 = buf401[0]
            assert_size_stride(buf402, (4, 12, 512, 64), (393216, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf402, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf403 = buf401[1]
            assert_size_stride(buf403, (4, 12, 512, 1), (6144, 512, 1, 1), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf403, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf404 = buf401[6]
            assert_size_stride(buf404, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf404, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            buf405 = buf401[7]
            assert_size_stride(buf405, (), (), 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            assert_alignment(buf405, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention.default')
            del buf401
            buf406 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_90], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_7.run(primals_141, buf406, 589824, stream=stream0)
            del primals_141
            buf407 = buf386; del buf386  # reuse
            # Topologically Sorted Source Nodes: [x_90], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_140, buf407, 768, stream=stream0)
            del primals_140
            buf408 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [transpose_47, reshape_11, view_127, x_90], Original ATen: [aten.transpose, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf407, reinterpret_tensor(buf402, (2048, 768), (768, 1), 0), buf406, alpha=1, beta=1, out=buf408)
            buf410 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf414 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf436 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            buf415 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_91, attn_output_47, hidden_states_69, hidden_states_70, view_129, x_92, div_1], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf1, buf408, buf390, primals_142, primals_143, buf410, buf414, buf436, buf415, 23, 2048, 768, stream=stream0)
            del primals_143
            buf416 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_92], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_145, buf416, 2359296, stream=stream0)
            del primals_145
            buf417 = buf382; del buf382  # reuse
            # Topologically Sorted Source Nodes: [x_92], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_144, buf417, 3072, stream=stream0)
            del primals_144
            buf418 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_70, view_129, x_92], Original ATen: [aten.native_layer_norm, aten.view, aten._to_copy, aten.addmm]
            extern_kernels.addmm(buf417, buf415, buf416, alpha=1, beta=1, out=buf418)
            del buf417
            buf419 = empty_strided_cuda((2048, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_93, mul_44, pow_12, mul_45, add_49, mul_46, tanh_11, add_50, hidden_states_71, view_131, x_94], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_add_mul_pow_tanh_view_12.run(buf418, buf419, 6291456, stream=stream0)
            buf420 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_94], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_10.run(primals_147, buf420, 2359296, stream=stream0)
            del primals_147
            buf421 = buf407; del buf407  # reuse
            # Topologically Sorted Source Nodes: [x_94], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_8.run(primals_146, buf421, 768, stream=stream0)
            del primals_146
            buf422 = empty_strided_cuda((2048, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [x_93, mul_44, pow_12, mul_45, add_49, mul_46, tanh_11, add_50, hidden_states_71, view_131, x_94], Original ATen: [aten.view, aten.mul, aten._to_copy, aten.pow, aten.add, aten.tanh, aten.addmm]
            extern_kernels.addmm(buf421, buf419, buf420, alpha=1, beta=1, out=buf422)
            del buf421
            buf424 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bool)
            buf425 = buf390; del buf390  # reuse
            buf429 = buf425; del buf425  # reuse
            buf430 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.float32)
            buf431 = empty_strided_cuda((4, 512, 768), (393216, 768, 1), torch.bfloat16)
            buf435 = empty_strided_cuda((4, 512, 1), (512, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [x_91, attn_output_47, hidden_states_69, x_95, hidden_states_72, hidden_states_73, hidden_states_74, logits, div], Original ATen: [aten.view, aten.native_dropout, aten.add, aten.native_layer_norm, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_15.run(buf429, buf1, buf410, buf408, buf422, primals_148, primals_149, buf424, buf430, buf431, buf435, 24, 2048, 768, stream=stream0)
            del buf1
            del buf408
            del buf422
            del primals_149
            buf432 = empty_strided_cuda((50257, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_16.run(primals_2, buf432, 38597376, stream=stream0)
            del primals_2
            buf433 = empty_strided_cuda((768, 50264), (1, 768), torch.bfloat16)
            # Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t, aten.mm]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_mm_t_17.run(buf432, buf433, 38602752, stream=stream0)
            buf434 = empty_strided_cuda((2048, 50264), (50264, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [logits], Original ATen: [aten._to_copy, aten.t, aten.view, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf431, (2048, 768), (768, 1), 0), buf433, out=buf434)
            del buf433
        return (reinterpret_tensor(buf434, (4, 512, 50257), (25735168, 50264, 1), 0), buf14, buf13, buf50, buf49, buf85, buf84, buf120, buf119, buf155, buf154, buf190, buf189, buf225, buf224, buf260, buf259, buf295, buf294, buf330, buf329, buf365, buf364, buf400, buf399, buf430, primals_1, primals_4, primals_10, primals_16, primals_22, primals_28, primals_34, primals_40, primals_46, primals_52, primals_58, primals_64, primals_70, primals_76, primals_82, primals_88, primals_94, primals_100, primals_106, primals_112, primals_118, primals_124, primals_130, primals_136, primals_142, primals_148, reinterpret_tensor(buf0, (1, 512), (512, 1), 0), buf3, buf8, reinterpret_tensor(buf12, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf13, buf14, buf15, buf17, buf18, buf19, buf20, buf25, buf29, buf33, buf39, buf44, reinterpret_tensor(buf48, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf49, buf50, buf52, buf53, buf54, buf55, buf60, buf64, buf68, buf74, buf79, reinterpret_tensor(buf83, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf84, buf85, buf87, buf88, buf89, buf90, buf95, buf99, buf103, buf109, buf114, reinterpret_tensor(buf118, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf119, buf120, buf122, buf123, buf124, buf125, buf130, buf134, buf138, buf144, buf149, reinterpret_tensor(buf153, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf154, buf155, buf157, buf158, buf159, buf160, buf165, buf169, buf173, buf179, buf184, reinterpret_tensor(buf188, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf189, buf190, buf192, buf193, buf194, buf195, buf200, buf204, buf208, buf214, buf219, reinterpret_tensor(buf223, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf224, buf225, buf227, buf228, buf229, buf230, buf235, buf239, buf243, buf249, buf254, reinterpret_tensor(buf258, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf259, buf260, buf262, buf263, buf264, buf265, buf270, buf274, buf278, buf284, buf289, reinterpret_tensor(buf293, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf294, buf295, buf297, buf298, buf299, buf300, buf305, buf309, buf313, buf319, buf324, reinterpret_tensor(buf328, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf329, buf330, buf332, buf333, buf334, buf335, buf340, buf344, buf348, buf354, buf359, reinterpret_tensor(buf363, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf364, buf365, buf367, buf368, buf369, buf370, buf375, buf379, buf383, buf389, buf394, reinterpret_tensor(buf398, (4, 12, 512, 64), (1179648, 64, 2304, 1), 0), buf399, buf400, buf402, buf403, buf404, buf405, buf410, buf414, buf418, buf424, buf429, reinterpret_tensor(buf431, (2048, 768), (768, 1), 0), buf432, buf435, reinterpret_tensor(buf420, (768, 3072), (1, 768), 0), reinterpret_tensor(buf419, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf416, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf415, (768, 2048), (1, 768), 0), buf436, reinterpret_tensor(buf406, (768, 768), (1, 768), 0), reinterpret_tensor(buf396, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf395, (768, 2048), (1, 768), 0), buf437, reinterpret_tensor(buf385, (768, 3072), (1, 768), 0), reinterpret_tensor(buf384, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf381, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf380, (768, 2048), (1, 768), 0), buf438, reinterpret_tensor(buf371, (768, 768), (1, 768), 0), reinterpret_tensor(buf361, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf360, (768, 2048), (1, 768), 0), buf439, reinterpret_tensor(buf350, (768, 3072), (1, 768), 0), reinterpret_tensor(buf349, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf346, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf345, (768, 2048), (1, 768), 0), buf440, reinterpret_tensor(buf336, (768, 768), (1, 768), 0), reinterpret_tensor(buf326, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf325, (768, 2048), (1, 768), 0), buf441, reinterpret_tensor(buf315, (768, 3072), (1, 768), 0), reinterpret_tensor(buf314, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf311, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf310, (768, 2048), (1, 768), 0), buf442, reinterpret_tensor(buf301, (768, 768), (1, 768), 0), reinterpret_tensor(buf291, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf290, (768, 2048), (1, 768), 0), buf443, reinterpret_tensor(buf280, (768, 3072), (1, 768), 0), reinterpret_tensor(buf279, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf276, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf275, (768, 2048), (1, 768), 0), buf444, reinterpret_tensor(buf266, (768, 768), (1, 768), 0), reinterpret_tensor(buf256, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf255, (768, 2048), (1, 768), 0), buf445, reinterpret_tensor(buf245, (768, 3072), (1, 768), 0), reinterpret_tensor(buf244, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf241, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf240, (768, 2048), (1, 768), 0), buf446, reinterpret_tensor(buf231, (768, 768), (1, 768), 0), reinterpret_tensor(buf221, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf220, (768, 2048), (1, 768), 0), buf447, reinterpret_tensor(buf210, (768, 3072), (1, 768), 0), reinterpret_tensor(buf209, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf206, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf205, (768, 2048), (1, 768), 0), buf448, reinterpret_tensor(buf196, (768, 768), (1, 768), 0), reinterpret_tensor(buf186, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf185, (768, 2048), (1, 768), 0), buf449, reinterpret_tensor(buf175, (768, 3072), (1, 768), 0), reinterpret_tensor(buf174, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf171, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf170, (768, 2048), (1, 768), 0), buf450, reinterpret_tensor(buf161, (768, 768), (1, 768), 0), reinterpret_tensor(buf151, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf150, (768, 2048), (1, 768), 0), buf451, reinterpret_tensor(buf140, (768, 3072), (1, 768), 0), reinterpret_tensor(buf139, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf136, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf135, (768, 2048), (1, 768), 0), buf452, reinterpret_tensor(buf126, (768, 768), (1, 768), 0), reinterpret_tensor(buf116, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf115, (768, 2048), (1, 768), 0), buf453, reinterpret_tensor(buf105, (768, 3072), (1, 768), 0), reinterpret_tensor(buf104, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf101, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf100, (768, 2048), (1, 768), 0), buf454, reinterpret_tensor(buf91, (768, 768), (1, 768), 0), reinterpret_tensor(buf81, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf80, (768, 2048), (1, 768), 0), buf455, reinterpret_tensor(buf70, (768, 3072), (1, 768), 0), reinterpret_tensor(buf69, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf66, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf65, (768, 2048), (1, 768), 0), buf456, reinterpret_tensor(buf56, (768, 768), (1, 768), 0), reinterpret_tensor(buf46, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf45, (768, 2048), (1, 768), 0), buf457, reinterpret_tensor(buf35, (768, 3072), (1, 768), 0), reinterpret_tensor(buf34, (3072, 2048), (1, 3072), 0), reinterpret_tensor(buf31, (3072, 768), (1, 3072), 0), reinterpret_tensor(buf30, (768, 2048), (1, 768), 0), buf458, reinterpret_tensor(buf21, (768, 768), (1, 768), 0), reinterpret_tensor(buf10, (2304, 768), (1, 2304), 0), reinterpret_tensor(buf9, (768, 2048), (1, 768), 0), buf459, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((4, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((1024, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_11 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_29 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_32 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_33 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_35 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_37 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_38 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_41 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_42 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_43 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_44 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_45 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_46 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_47 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_48 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_49 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_50 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_51 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_52 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_53 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_54 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_55 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_56 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_57 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_58 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_59 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_60 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_61 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_62 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_63 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_64 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_65 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_66 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_67 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_68 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_69 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_70 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_71 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_72 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_73 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_74 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_75 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_76 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_77 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_78 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_79 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_80 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_81 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_82 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_83 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_84 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_85 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_86 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_87 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_88 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_89 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_90 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_91 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_92 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_93 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_94 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_95 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_96 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_97 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_98 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_99 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_100 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_101 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_102 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_103 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_104 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_105 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_106 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_107 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_108 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_109 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_110 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_111 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_112 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_113 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_114 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_115 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_116 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_117 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_118 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_119 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_120 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_121 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_122 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_123 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_124 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_125 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_126 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_127 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_128 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_129 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_130 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_131 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_132 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_133 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_134 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_135 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_136 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_137 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_138 = rand_strided((2304, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_139 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_140 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_141 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_142 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_143 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_144 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_145 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_146 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_147 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_148 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_149 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41, primals_42, primals_43, primals_44, primals_45, primals_46, primals_47, primals_48, primals_49, primals_50, primals_51, primals_52, primals_53, primals_54, primals_55, primals_56, primals_57, primals_58, primals_59, primals_60, primals_61, primals_62, primals_63, primals_64, primals_65, primals_66, primals_67, primals_68, primals_69, primals_70, primals_71, primals_72, primals_73, primals_74, primals_75, primals_76, primals_77, primals_78, primals_79, primals_80, primals_81, primals_82, primals_83, primals_84, primals_85, primals_86, primals_87, primals_88, primals_89, primals_90, primals_91, primals_92, primals_93, primals_94, primals_95, primals_96, primals_97, primals_98, primals_99, primals_100, primals_101, primals_102, primals_103, primals_104, primals_105, primals_106, primals_107, primals_108, primals_109, primals_110, primals_111, primals_112, primals_113, primals_114, primals_115, primals_116, primals_117, primals_118, primals_119, primals_120, primals_121, primals_122, primals_123, primals_124, primals_125, primals_126, primals_127, primals_128, primals_129, primals_130, primals_131, primals_132, primals_133, primals_134, primals_135, primals_136, primals_137, primals_138, primals_139, primals_140, primals_141, primals_142, primals_143, primals_144, primals_145, primals_146, primals_147, primals_148, primals_149]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
