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


# kernel path: /tmp/torchinductor_root/gx/cgx6scc4yltqvfjzm6a2oaco366klzb3j5ylectrz6iekexzcr7q.py
# Topologically Sorted Source Nodes: [position_ids, buffered_token_type_ids, buffered_token_type_ids_1], Original ATen: [aten.slice, aten.expand, aten.gather]
# Source node to ATen node mapping:
#   buffered_token_type_ids => expand
#   buffered_token_type_ids_1 => gather
#   position_ids => slice_1
# Graph fragment:
#   %primals_2 : Tensor "i64[1, 512][512, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %primals_3 : Tensor "i64[1, 512][512, 1]cuda:0" = PlaceHolder[target=primals_3]
#   %slice_1 : Tensor "i64[1, 256][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.slice.Tensor](args = (%primals_2, 1, 0, 256), kwargs = {})
#   %expand : Tensor "i64[1, 512][512, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%primals_3, [1, -1]), kwargs = {})
#   %gather : Tensor "i64[1, 256][256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gather.default](args = (%expand, 1, %slice_1), kwargs = {})
#   return %gather
triton_poi_fused_expand_gather_slice_0 = async_compile.triton('triton_poi_fused_expand_gather_slice_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 256}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*i64', 'out_ptr0': '*i64', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_expand_gather_slice_0', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6144}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_expand_gather_slice_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 256
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl.full([XBLOCK], 512, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 512)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 512")
    tmp6 = tl.load(in_ptr1 + (tmp4), xmask, eviction_policy='evict_last')
    tl.store(out_ptr0 + (x0), tmp6, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/pk/cpkfe7xhdiik4rymd4cfnycv6odxcb3xaajw7aqircq7vnz6tvdo.py
# Topologically Sorted Source Nodes: [position_ids, token_type_ids, inputs_embeds, token_type_embeddings, embeddings, position_embeddings, embeddings_1, embeddings_2, embeddings_3, linear, div_39], Original ATen: [aten.slice, aten.expand, aten.embedding, aten.add, aten.native_layer_norm, aten.native_dropout, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   div_39 => div_39
#   embeddings => add
#   embeddings_1 => add_1
#   embeddings_2 => add_2, add_3, mul, mul_1, rsqrt, sub, var_mean
#   embeddings_3 => gt, inductor_lookup_seed_default, inductor_random_default_24, mul_2, mul_3
#   inputs_embeds => embedding
#   linear => convert_element_type_2
#   position_embeddings => embedding_2
#   position_ids => slice_1
#   token_type_embeddings => embedding_1
#   token_type_ids => expand_1
# Graph fragment:
#   %primals_1 : Tensor "i64[16, 256][256, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %primals_4 : Tensor "f32[30522, 768][768, 1]cuda:0" = PlaceHolder[target=primals_4]
#   %gather : Tensor "i64[1, 256][256, 1]cuda:0" = PlaceHolder[target=gather]
#   %primals_5 : Tensor "f32[2, 768][768, 1]cuda:0" = PlaceHolder[target=primals_5]
#   %primals_2 : Tensor "i64[1, 512][512, 1]cuda:0" = PlaceHolder[target=primals_2]
#   %primals_6 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=primals_6]
#   %add_1 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=add_1]
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_24 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_24]
#   %getitem_1 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=getitem_1]
#   %buf3 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=buf3]
#   %gt : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt]
#   %mul : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul]
#   %primals_7 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_7]
#   %primals_8 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_8]
#   %slice_1 : Tensor "i64[1, 256][512, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.slice.Tensor](args = (%primals_2, 1, 0, 256), kwargs = {})
#   %expand_1 : Tensor "i64[16, 256][0, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%gather, [16, 256]), kwargs = {})
#   %embedding : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_4, %primals_1, 0), kwargs = {})
#   %embedding_1 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_5, %expand_1), kwargs = {})
#   %add : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %embedding_2 : Tensor "f32[1, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.embedding.default](args = (%primals_6, %slice_1), kwargs = {})
#   %add_1 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %embedding_2), kwargs = {})
#   %var_mean : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_1, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_2 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, 1e-12), kwargs = {})
#   %rsqrt : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_2,), kwargs = {})
#   %sub : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_1, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_1 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %primals_7), kwargs = {})
#   %add_3 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_1, %primals_8), kwargs = {})
#   %inductor_lookup_seed_default : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 0), kwargs = {})
#   %inductor_random_default_24 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([16, 256, 768], %inductor_lookup_seed_default, rand), kwargs = {})
#   %gt : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%inductor_random_default_24, 0.1), kwargs = {})
#   %mul_2 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt, %add_3), kwargs = {})
#   %mul_3 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, 1.1111111111111112), kwargs = {})
#   %convert_element_type_2 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_3, torch.bfloat16), kwargs = {})
#   %div_39 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 768), kwargs = {})
#   return %add_1,%getitem_1,%buf3,%inductor_random_default_24,%gt,%mul,%convert_element_type_2,%div_39
triton_per_fused__to_copy_add_embedding_expand_native_dropout_native_layer_norm_native_layer_norm_backward_slice_1 = async_compile.triton('triton_per_fused__to_copy_add_embedding_expand_native_dropout_native_layer_norm_native_layer_norm_backward_slice_1', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'in_ptr2': '*i64', 'in_ptr3': '*fp32', 'in_ptr4': '*i64', 'in_ptr5': '*fp32', 'in_ptr6': '*i64', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'out_ptr3': '*i1', 'out_ptr4': '*bf16', 'out_ptr5': '*fp32', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_embedding_expand_native_dropout_native_layer_norm_native_layer_norm_backward_slice_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 38912, 'r0_': 44046336}}
)
@triton.jit
def triton_per_fused__to_copy_add_embedding_expand_native_dropout_native_layer_norm_native_layer_norm_backward_slice_1(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, out_ptr3, out_ptr4, out_ptr5, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    x3 = xindex
    r0_2 = r0_index
    x0 = (xindex % 256)
    tmp0 = tl.load(in_ptr0 + (x3), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
    tmp15 = tl.load(in_ptr4 + (x0), None, eviction_policy='evict_last')
    tmp52 = tl.load(in_ptr7 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp54 = tl.load(in_ptr8 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp1 = tl.full([1, 1], 30522, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert((0 <= tmp4) & (tmp4 < 30522), "index out of bounds: 0 <= tmp4 < 30522")
    tmp6 = tl.load(in_ptr1 + (r0_2 + 768*tmp4), r0_mask, other=0.0)
    tmp8 = tl.full([1, 1], 2, tl.int32)
    tmp9 = tmp7 + tmp8
    tmp10 = tmp7 < 0
    tmp11 = tl.where(tmp10, tmp9, tmp7)
    tl.device_assert((0 <= tmp11) & (tmp11 < 2), "index out of bounds: 0 <= tmp11 < 2")
    tmp13 = tl.load(in_ptr3 + (r0_2 + 768*tmp11), r0_mask, other=0.0)
    tmp14 = tmp6 + tmp13
    tmp16 = tl.full([1, 1], 512, tl.int32)
    tmp17 = tmp15 + tmp16
    tmp18 = tmp15 < 0
    tmp19 = tl.where(tmp18, tmp17, tmp15)
    tl.device_assert((0 <= tmp19) & (tmp19 < 512), "index out of bounds: 0 <= tmp19 < 512")
    tmp21 = tl.load(in_ptr5 + (r0_2 + 768*tmp19), r0_mask, other=0.0)
    tmp22 = tmp14 + tmp21
    tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp25 = tl.where(r0_mask, tmp23, 0)
    tmp26 = tl.broadcast_to(tmp23, [XBLOCK, R0_BLOCK])
    tmp28 = tl.where(r0_mask, tmp26, 0)
    tmp29 = tl.sum(tmp28, 1)[:, None].to(tl.float32)
    tmp30 = tl.full([1, 1], 768, tl.int32)
    tmp31 = tmp30.to(tl.float32)
    tmp32 = (tmp29 / tmp31)
    tmp33 = tmp23 - tmp32
    tmp34 = tmp33 * tmp33
    tmp35 = tl.broadcast_to(tmp34, [XBLOCK, R0_BLOCK])
    tmp37 = tl.where(r0_mask, tmp35, 0)
    tmp38 = tl.sum(tmp37, 1)[:, None].to(tl.float32)
    tmp39 = tl.load(in_ptr6 + load_seed_offset)
    tmp40 = r0_2 + 768*x3
    tmp41 = tl.rand(tmp39, (tmp40).to(tl.uint32))
    tmp42 = tl.full([1, 1], 0.1, tl.float32)
    tmp43 = tmp41 > tmp42
    tmp44 = tmp22 - tmp32
    tmp45 = tl.full([1, 1], 768.0, tl.float32)
    tmp46 = (tmp38 / tmp45)
    tmp47 = tl.full([1, 1], 1e-12, tl.float32)
    tmp48 = tmp46 + tmp47
    tmp49 = libdevice.rsqrt(tmp48)
    tmp50 = tmp44 * tmp49
    tmp51 = tmp43.to(tl.float32)
    tmp53 = tmp50 * tmp52
    tmp55 = tmp53 + tmp54
    tmp56 = tmp51 * tmp55
    tmp57 = tl.full([1, 1], 1.1111111111111112, tl.float32)
    tmp58 = tmp56 * tmp57
    tmp59 = tmp58.to(tl.float32)
    tmp60 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp61 = tmp49 * tmp60
    tl.store(out_ptr3 + (r0_2 + 768*x3), tmp43, r0_mask)
    tl.store(in_out_ptr0 + (r0_2 + 768*x3), tmp50, r0_mask)
    tl.store(out_ptr4 + (r0_2 + 768*x3), tmp59, r0_mask)
    tl.store(out_ptr5 + (x3), tmp61, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/xh/cxhsw7i7z6e5bx2rhi5o23ploopogrrzo5c7n3ef3d5mbs6pr76z.py
# Topologically Sorted Source Nodes: [arange_2, q_arange, q_indices, attention_mask], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge]
# Source node to ATen node mapping:
#   arange_2 => iota_2
#   attention_mask => ge
#   q_arange => add_4
#   q_indices => unsqueeze, unsqueeze_1, unsqueeze_2
# Graph fragment:
#   %iota_2 : Tensor "i64[256][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.iota.default](args = (256,), kwargs = {start: 0, step: 1, dtype: torch.int64, device: cuda:0, requires_grad: False})
#   %add_4 : Tensor "i64[256][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%iota_2, 0), kwargs = {})
#   %unsqueeze : Tensor "i64[1, 256][256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%add_4, 0), kwargs = {})
#   %unsqueeze_1 : Tensor "i64[1, 1, 256][256, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze, 1), kwargs = {})
#   %unsqueeze_2 : Tensor "i64[1, 1, 256, 1][256, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%unsqueeze_1, 3), kwargs = {})
#   %ge : Tensor "b8[1, 1, 256, 1][256, 256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.ge.Scalar](args = (%unsqueeze_2, 0), kwargs = {})
#   return %ge
triton_poi_fused_add_arange_ge_unsqueeze_2 = async_compile.triton('triton_poi_fused_add_arange_ge_unsqueeze_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 256}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*i1', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_arange_ge_unsqueeze_2', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 512}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_arange_ge_unsqueeze_2(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 256
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tl.store(out_ptr0 + (x0), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/i2/ci2pefmqvdlpwqljg5ou7d4mwni7et6rgksjkvp4j4d7dzn675om.py
# Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   linear => convert_element_type_1
# Graph fragment:
#   %primals_9 : Tensor "f32[768, 768][768, 1]cuda:0" = PlaceHolder[target=primals_9]
#   %convert_element_type_1 : Tensor "bf16[768, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_9, torch.bfloat16), kwargs = {})
#   return %convert_element_type_1
triton_poi_fused__to_copy_3 = async_compile.triton('triton_poi_fused__to_copy_3', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_3', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4718592}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_3(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 589824
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/oa/coau32hwi7kv2s2okpnuiz44zhjwsl4ie6hl4wc2ewqhsgbdtz75.py
# Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   linear => convert_element_type
# Graph fragment:
#   %primals_10 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_10]
#   %convert_element_type : Tensor "bf16[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_10, torch.bfloat16), kwargs = {})
#   return %convert_element_type
triton_poi_fused__to_copy_4 = async_compile.triton('triton_poi_fused__to_copy_4', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_4', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6144}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 768
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/55/c55i5o7dph7ytczv4ptgac4oelshr5bc5vu3yvbvysh4adwx2fa4.py
# Topologically Sorted Source Nodes: [linear, view, query_layer, attn_output, permute_520, convert_element_type_1423], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   attn_output => clone, convert_element_type_18, mul_4, view_9
#   convert_element_type_1423 => convert_element_type_1423
#   linear => view_1
#   permute_520 => permute_520
#   query_layer => permute_1
#   view => view_2
# Graph fragment:
#   %addmm : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm]
#   %clone : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0" = PlaceHolder[target=clone]
#   %view_1 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm, [16, 256, 768]), kwargs = {})
#   %view_2 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_1, [16, 256, -1, 64]), kwargs = {})
#   %permute_1 : Tensor "bf16[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_2, [0, 2, 1, 3]), kwargs = {})
#   %convert_element_type_18 : Tensor "f32[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_1, torch.float32), kwargs = {})
#   %mul_4 : Tensor "f32[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%convert_element_type_18, 0.3535533905932738), kwargs = {})
#   %clone : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_3,), kwargs = {memory_format: torch.contiguous_format})
#   %view_9 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone, [192, 256, 64]), kwargs = {})
#   %permute_520 : Tensor "f32[192, 64, 256][16384, 1, 64]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_9, [0, 2, 1]), kwargs = {})
#   %convert_element_type_1423 : Tensor "bf16[192, 64, 256][16384, 1, 64]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_520, torch.bfloat16), kwargs = {})
#   return %clone,%convert_element_type_1423
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 56623104}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 256)
    x2 = ((xindex // 16384) % 12)
    x3 = xindex // 196608
    x4 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 768*x1 + 196608*x3), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1], 0.3535533905932738, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tmp3.to(tl.float32)
    tl.store(out_ptr0 + (x4), tmp3, None)
    tl.store(out_ptr1 + (x4), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ih/cih6cwvnpcbrdymxup6xydjjg5zlxglp6ur2p4khwj4gqw7sfqoj.py
# Topologically Sorted Source Nodes: [linear_1, view_1, key_layer, attn_output, permute_521, convert_element_type_1426], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   attn_output => clone_1, convert_element_type_19, mul_5, permute_6, view_10
#   convert_element_type_1426 => convert_element_type_1426
#   key_layer => permute_3
#   linear_1 => view_4
#   permute_521 => permute_521
#   view_1 => view_5
# Graph fragment:
#   %addmm_1 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_1]
#   %clone_1 : Tensor "f32[16, 12, 64, 256][196608, 16384, 256, 1]cuda:0" = PlaceHolder[target=clone_1]
#   %view_4 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [16, 256, 768]), kwargs = {})
#   %view_5 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_4, [16, 256, -1, 64]), kwargs = {})
#   %permute_3 : Tensor "bf16[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_5, [0, 2, 1, 3]), kwargs = {})
#   %convert_element_type_19 : Tensor "f32[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_3, torch.float32), kwargs = {})
#   %permute_6 : Tensor "f32[16, 12, 64, 256][196608, 64, 1, 768]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_19, [0, 1, 3, 2]), kwargs = {})
#   %mul_5 : Tensor "f32[16, 12, 64, 256][196608, 64, 1, 768]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%permute_6, 0.3535533905932738), kwargs = {})
#   %clone_1 : Tensor "f32[16, 12, 64, 256][196608, 16384, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_4,), kwargs = {memory_format: torch.contiguous_format})
#   %view_10 : Tensor "f32[192, 64, 256][16384, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_1, [192, 64, 256]), kwargs = {})
#   %permute_521 : Tensor "f32[192, 256, 64][16384, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_10, [0, 2, 1]), kwargs = {})
#   %convert_element_type_1426 : Tensor "bf16[192, 256, 64][16384, 1, 256]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_521, torch.bfloat16), kwargs = {})
#   return %clone_1,%convert_element_type_1426
triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 50331648}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 256)
    x1 = ((xindex // 256) % 768)
    x2 = xindex // 196608
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x1 + 768*x0 + 196608*x2), None, eviction_policy='evict_last').to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1], 0.3535533905932738, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tmp3.to(tl.float32)
    tl.store(out_ptr0 + (x3), tmp3, None)
    tl.store(out_ptr1 + (x3), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/zr/czrk3jshwq2p23hlu63zs3saibqb7gv74emgeslmibopzl5rltkd.py
# Topologically Sorted Source Nodes: [attention_mask_1, attn_output], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp, aten._safe_softmax]
# Source node to ATen node mapping:
#   attention_mask_1 => expand_2
#   attn_output => add_6, any_1, div, eq, full_default, full_default_1, full_default_2, logical_not, logical_not_1, view_11, where, where_1
# Graph fragment:
#   %bmm : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0" = PlaceHolder[target=bmm]
#   %ge : Tensor "b8[1, 1, 256, 1][256, 256, 1, 1]cuda:0" = PlaceHolder[target=ge]
#   %any_1 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=any_1]
#   %logical_not_1 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=logical_not_1]
#   %getitem_76 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=getitem_76]
#   %getitem_77 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 1]cuda:0" = PlaceHolder[target=getitem_77]
#   %expand_2 : Tensor "b8[16, 1, 256, 256][0, 256, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%ge, [16, -1, 256, 256]), kwargs = {})
#   %full_default : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -inf), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %full_default_1 : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "bf16[16, 1, 256, 256][65536, 65536, 256, 1]cuda:0"[num_users=12] = call_function[target=torch.ops.aten.where.self](args = (%expand_2, %full_default_1, %full_default), kwargs = {})
#   %view_11 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%bmm, [16, 12, 256, 256]), kwargs = {})
#   %add_6 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_11, %where), kwargs = {})
#   %prepare_softmax_online_default_12 : [num_users=2] = call_function[target=torch.ops.prims.prepare_softmax_online.default](args = (%add_6, -1), kwargs = {})
#   %sub_tensor_12 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_6, %getitem_76), kwargs = {})
#   %exp_default_12 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%sub_tensor_12,), kwargs = {})
#   %div : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%exp_default_12, %getitem_77), kwargs = {})
#   %eq : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%add_6, -inf), kwargs = {})
#   %logical_not : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.logical_not.default](args = (%eq,), kwargs = {})
#   %any_1 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.any.dim](args = (%logical_not, -1, True), kwargs = {})
#   %logical_not_1 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.logical_not.default](args = (%any_1,), kwargs = {})
#   %full_default_2 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=12] = call_function[target=torch.ops.aten.full.default](args = ([16, 12, 256, 256], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%logical_not_1, %full_default_2, %div), kwargs = {})
#   return %getitem_76,%getitem_77,%any_1,%logical_not_1,%expand_5
triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_7 = async_compile.triton('triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_7', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*i1', 'in_ptr0': '*fp32', 'in_ptr1': '*i1', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 4, 'num_reduction': 5, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 884992, 'r0_': 150994944}}
)
@triton.jit
def triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_7(in_out_ptr0, in_ptr0, in_ptr1, out_ptr0, out_ptr1, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    r0_2 = r0_index
    x3 = xindex
    x0 = (xindex % 256)
    tmp0 = tl.load(in_ptr0 + (r0_2 + 256*x3), None)
    tmp1 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.int1)
    tmp2 = tl.full([1, 1], 0.0, tl.float32)
    tmp3 = tl.full([1, 1], float("-inf"), tl.float32)
    tmp4 = tl.where(tmp1, tmp2, tmp3)
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp0 + tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
    tmp11 = triton_helpers.max2(tmp9, 1)[:, None].to(tl.float32)
    tmp12 = tmp7 - tmp11
    tmp13 = libdevice.exp(tmp12)
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp17 = tmp6 == tmp3
    tmp18 = tmp17 == 0
    tmp19 = tmp18.to(tl.int64)
    tmp20 = (tmp19 != 0)
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = triton_helpers.any(tmp21, 1)[:, None].to(tl.int1)
    tmp24 = tmp23 == 0
    tmp25 = tmp6 - tmp11
    tmp26 = libdevice.exp(tmp25)
    tmp27 = (tmp26 / tmp16)
    tmp28 = tl.where(tmp24, tmp2, tmp27)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x3), tmp24, None)
    tl.store(out_ptr2 + (r0_2 + 256*x3), tmp28, None)
    tl.store(out_ptr0 + (x3), tmp11, None)
    tl.store(out_ptr1 + (x3), tmp16, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/af/cafd5cagns52gc2ighoedyybyuvkxedqdw7gf2ff42uvlipelccb.py
# Topologically Sorted Source Nodes: [linear_2, view_2, value_layer, attn_output, permute_519, convert_element_type_1416], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
# Source node to ATen node mapping:
#   attn_output => clone_2, convert_element_type_20, view_13
#   convert_element_type_1416 => convert_element_type_1416
#   linear_2 => view_7
#   permute_519 => permute_519
#   value_layer => permute_5
#   view_2 => view_8
# Graph fragment:
#   %addmm_2 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_2]
#   %clone_2 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0" = PlaceHolder[target=clone_2]
#   %view_7 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [16, 256, 768]), kwargs = {})
#   %view_8 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_7, [16, 256, -1, 64]), kwargs = {})
#   %permute_5 : Tensor "bf16[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_8, [0, 2, 1, 3]), kwargs = {})
#   %convert_element_type_20 : Tensor "f32[16, 12, 256, 64][196608, 64, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_5, torch.float32), kwargs = {})
#   %clone_2 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%expand_6,), kwargs = {memory_format: torch.contiguous_format})
#   %view_13 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_2, [192, 256, 64]), kwargs = {})
#   %permute_519 : Tensor "f32[192, 64, 256][16384, 1, 64]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%view_13, [0, 2, 1]), kwargs = {})
#   %convert_element_type_1416 : Tensor "bf16[192, 64, 256][16384, 1, 64]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%permute_519, torch.bfloat16), kwargs = {})
#   return %clone_2,%convert_element_type_1416
triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8 = async_compile.triton('triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4194304}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 56623104}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 256)
    x2 = ((xindex // 16384) % 12)
    x3 = xindex // 196608
    x4 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 768*x1 + 196608*x3), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tmp1.to(tl.float32)
    tl.store(out_ptr0 + (x4), tmp1, None)
    tl.store(out_ptr1 + (x4), tmp2, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/hy/chyee7rzbxjejvt5xuerzmo5dcuaiwrumgumt6a4zjrbcdxyaixf.py
# Topologically Sorted Source Nodes: [attn_output, transpose_3, attn_output_1], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
# Source node to ATen node mapping:
#   attn_output => convert_element_type_22, view_14
#   attn_output_1 => clone_3
#   transpose_3 => permute_7
# Graph fragment:
#   %bmm_1 : Tensor "f32[192, 256, 64][16384, 64, 1]cuda:0" = PlaceHolder[target=bmm_1]
#   %view_14 : Tensor "f32[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%bmm_1, [16, 12, 256, 64]), kwargs = {})
#   %convert_element_type_22 : Tensor "bf16[16, 12, 256, 64][196608, 16384, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_14, torch.bfloat16), kwargs = {})
#   %permute_7 : Tensor "bf16[16, 256, 12, 64][196608, 64, 16384, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_22, [0, 2, 1, 3]), kwargs = {})
#   %clone_3 : Tensor "bf16[16, 256, 12, 64][196608, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_7,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_3
triton_poi_fused__to_copy_clone_transpose_view_9 = async_compile.triton('triton_poi_fused__to_copy_clone_transpose_view_9', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_clone_transpose_view_9', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25165824}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_clone_transpose_view_9(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3145728
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = (xindex % 64)
    x1 = ((xindex // 64) % 12)
    x2 = ((xindex // 768) % 256)
    x3 = xindex // 196608
    x4 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 16384*x1 + 196608*x3), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x4), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/4u/c4ue22j6szu6pzfzkopxtlywkptdlqh3azuk4s5fgvpegccszyyl.py
# Topologically Sorted Source Nodes: [embeddings_2, embeddings_3, hidden_states, hidden_states_1, add_4, hidden_states_2, hidden_states_3, div_38], Original ATen: [aten.native_layer_norm, aten.native_dropout, aten.view, aten.add, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_4 => add_7
#   div_38 => div_38
#   embeddings_2 => add_3, mul_1
#   embeddings_3 => mul_2, mul_3
#   hidden_states => view_17
#   hidden_states_1 => convert_element_type_default_100, gt_1, inductor_lookup_seed_default_1, inductor_random_default_23, mul_6, mul_7
#   hidden_states_2 => add_8, add_9, mul_8, mul_9, rsqrt_1, sub_2, var_mean_1
#   hidden_states_3 => convert_element_type_30
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_23 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_23]
#   %gt_1 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt_1]
#   %addmm_3 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_3]
#   %gt : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt]
#   %mul : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul]
#   %primals_7 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_7]
#   %primals_8 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_8]
#   %add_7 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=add_7]
#   %getitem_3 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=getitem_3]
#   %buf38 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=buf38]
#   %mul_8 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_8]
#   %primals_17 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_17]
#   %primals_18 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_18]
#   %mul_1 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %primals_7), kwargs = {})
#   %add_3 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_1, %primals_8), kwargs = {})
#   %mul_2 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt, %add_3), kwargs = {})
#   %mul_3 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, 1.1111111111111112), kwargs = {})
#   %view_17 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_3, [16, 256, 768]), kwargs = {})
#   %inductor_lookup_seed_default_1 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 1), kwargs = {})
#   %inductor_random_default_23 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([16, 256, 768], %inductor_lookup_seed_default_1, rand), kwargs = {})
#   %convert_element_type_default_100 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default_23, torch.bfloat16), kwargs = {})
#   %gt_1 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_100, 0.1), kwargs = {})
#   %mul_6 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_1, %view_17), kwargs = {})
#   %mul_7 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_6, 1.1111111111111112), kwargs = {})
#   %add_7 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_7, %mul_3), kwargs = {})
#   %var_mean_1 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_7, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_8 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_2, 1e-12), kwargs = {})
#   %rsqrt_1 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_8,), kwargs = {})
#   %sub_2 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_7, %getitem_3), kwargs = {})
#   %mul_8 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_2, %rsqrt_1), kwargs = {})
#   %mul_9 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_8, %primals_17), kwargs = {})
#   %add_9 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_9, %primals_18), kwargs = {})
#   %convert_element_type_30 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_9, torch.bfloat16), kwargs = {})
#   %div_38 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_1, 768), kwargs = {})
#   return %inductor_random_default_23,%gt_1,%add_7,%getitem_3,%buf38,%mul_8,%convert_element_type_30,%div_38
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_10 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_10', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*i1', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*bf16', 'out_ptr5': '*fp32', 'load_seed_offset': 'constexpr', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {'load_seed_offset': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_10', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 66072576}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_10(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr1, out_ptr4, out_ptr5, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp7 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp12 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.int1)
    tmp14 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp15 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp17 = tl.load(in_ptr5 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp45 = tl.load(in_ptr6 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp47 = tl.load(in_ptr7 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
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
    tmp13 = tmp12.to(tl.float32)
    tmp16 = tmp14 * tmp15
    tmp18 = tmp16 + tmp17
    tmp19 = tmp13 * tmp18
    tmp20 = tmp19 * tmp9
    tmp21 = tmp11 + tmp20
    tmp22 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
    tmp24 = tl.where(r0_mask, tmp22, 0)
    tmp25 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp27 = tl.where(r0_mask, tmp25, 0)
    tmp28 = tl.sum(tmp27, 1)[:, None].to(tl.float32)
    tmp29 = tl.full([1, 1], 768, tl.int32)
    tmp30 = tmp29.to(tl.float32)
    tmp31 = (tmp28 / tmp30)
    tmp32 = tmp22 - tmp31
    tmp33 = tmp32 * tmp32
    tmp34 = tl.broadcast_to(tmp33, [XBLOCK, R0_BLOCK])
    tmp36 = tl.where(r0_mask, tmp34, 0)
    tmp37 = tl.sum(tmp36, 1)[:, None].to(tl.float32)
    tmp38 = tmp21 - tmp31
    tmp39 = tl.full([1, 1], 768.0, tl.float32)
    tmp40 = (tmp37 / tmp39)
    tmp41 = tl.full([1, 1], 1e-12, tl.float32)
    tmp42 = tmp40 + tmp41
    tmp43 = libdevice.rsqrt(tmp42)
    tmp44 = tmp38 * tmp43
    tmp46 = tmp44 * tmp45
    tmp48 = tmp46 + tmp47
    tmp49 = tmp48.to(tl.float32)
    tmp50 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp51 = tmp43 * tmp50
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp44, r0_mask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp49, r0_mask)
    tl.store(out_ptr5 + (x0), tmp51, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ku/ckuncqcr3sh5oittky6wajejq5eg4rgjxhrz4bg762lmlrmulitr.py
# Topologically Sorted Source Nodes: [hidden_states_3], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   hidden_states_3 => convert_element_type_29
# Graph fragment:
#   %primals_19 : Tensor "f32[3072, 768][768, 1]cuda:0" = PlaceHolder[target=primals_19]
#   %convert_element_type_29 : Tensor "bf16[3072, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_19, torch.bfloat16), kwargs = {})
#   return %convert_element_type_29
triton_poi_fused__to_copy_11 = async_compile.triton('triton_poi_fused__to_copy_11', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_11', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_11(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2359296
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ac/cac7akkd42ng3w3z3lvlmn4njgo3y3dnp2wnnc6xcs2bmht2qmcg.py
# Topologically Sorted Source Nodes: [hidden_states_3], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   hidden_states_3 => convert_element_type_28
# Graph fragment:
#   %primals_20 : Tensor "f32[3072][1]cuda:0" = PlaceHolder[target=primals_20]
#   %convert_element_type_28 : Tensor "bf16[3072][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_20, torch.bfloat16), kwargs = {})
#   return %convert_element_type_28
triton_poi_fused__to_copy_12 = async_compile.triton('triton_poi_fused__to_copy_12', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_12', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 24576}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_12(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3072
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/7x/c7xiadwoesfreu4yck55w4emqv4ekenhcfihii3yavweinq4l5ns.py
# Topologically Sorted Source Nodes: [hidden_states_3, hidden_states_4], Original ATen: [aten.view, aten.gelu]
# Source node to ATen node mapping:
#   hidden_states_3 => view_19
#   hidden_states_4 => add_10, convert_element_type_34, convert_element_type_35, erf, mul_10, mul_11, mul_12
# Graph fragment:
#   %addmm_4 : Tensor "bf16[4096, 3072][3072, 1]cuda:0" = PlaceHolder[target=addmm_4]
#   %view_19 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_4, [16, 256, 3072]), kwargs = {})
#   %convert_element_type_34 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_19, torch.float32), kwargs = {})
#   %mul_10 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_34, 0.5), kwargs = {})
#   %mul_11 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_34, 0.7071067811865476), kwargs = {})
#   %erf : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_11,), kwargs = {})
#   %add_10 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf, 1), kwargs = {})
#   %mul_12 : Tensor "f32[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_10, %add_10), kwargs = {})
#   %convert_element_type_35 : Tensor "bf16[16, 256, 3072][786432, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%mul_12, torch.bfloat16), kwargs = {})
#   return %convert_element_type_35
triton_poi_fused_gelu_view_13 = async_compile.triton('triton_poi_fused_gelu_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16777216}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_view_13', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 75497472}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_view_13(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 12582912
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.float32)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1], 0.5, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp5 = tmp1 * tmp4
    tmp6 = libdevice.erf(tmp5)
    tmp7 = tl.full([1], 1.0, tl.float32)
    tmp8 = tmp6 + tmp7
    tmp9 = tmp3 * tmp8
    tmp10 = tmp9.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp10, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/og/cogdh5px2g25obeyxwb53qr5c7kmstqoko7hmg76rv6ka7m3ybp7.py
# Topologically Sorted Source Nodes: [hidden_states_2, hidden_states_5, hidden_states_6, add_5, hidden_states_7, linear_6, div_37], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   add_5 => add_11
#   div_37 => div_37
#   hidden_states_2 => add_9, mul_9
#   hidden_states_5 => view_21
#   hidden_states_6 => convert_element_type_default_99, gt_2, inductor_lookup_seed_default_2, inductor_random_default_22, mul_13, mul_14
#   hidden_states_7 => add_12, add_13, mul_15, mul_16, rsqrt_2, sub_3, var_mean_2
#   linear_6 => convert_element_type_43
# Graph fragment:
#   %inductor_seeds_default : Tensor "i64[25][1]cuda:0" = PlaceHolder[target=inductor_seeds_default]
#   %inductor_random_default_22 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=inductor_random_default_22]
#   %gt_2 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=gt_2]
#   %addmm_5 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_5]
#   %mul_8 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_8]
#   %primals_17 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_17]
#   %primals_18 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_18]
#   %add_11 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=add_11]
#   %getitem_5 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=getitem_5]
#   %buf53 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=buf53]
#   %mul_15 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0" = PlaceHolder[target=mul_15]
#   %primals_23 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_23]
#   %primals_24 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_24]
#   %mul_9 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_8, %primals_17), kwargs = {})
#   %add_9 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_9, %primals_18), kwargs = {})
#   %view_21 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_5, [16, 256, 768]), kwargs = {})
#   %inductor_lookup_seed_default_2 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_lookup_seed.default](args = (%inductor_seeds_default, 2), kwargs = {})
#   %inductor_random_default_22 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_random.default](args = ([16, 256, 768], %inductor_lookup_seed_default_2, rand), kwargs = {})
#   %convert_element_type_default_99 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%inductor_random_default_22, torch.bfloat16), kwargs = {})
#   %gt_2 : Tensor "b8[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.gt.Scalar](args = (%convert_element_type_default_99, 0.1), kwargs = {})
#   %mul_13 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%gt_2, %view_21), kwargs = {})
#   %mul_14 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_13, 1.1111111111111112), kwargs = {})
#   %add_11 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_14, %add_9), kwargs = {})
#   %var_mean_2 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_11, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_12 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_4, 1e-12), kwargs = {})
#   %rsqrt_2 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_12,), kwargs = {})
#   %sub_3 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_11, %getitem_5), kwargs = {})
#   %mul_15 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_3, %rsqrt_2), kwargs = {})
#   %mul_16 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_15, %primals_23), kwargs = {})
#   %add_13 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_16, %primals_24), kwargs = {})
#   %convert_element_type_43 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_13, torch.bfloat16), kwargs = {})
#   %div_37 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_2, 768), kwargs = {})
#   return %inductor_random_default_22,%gt_2,%add_11,%getitem_5,%buf53,%mul_15,%convert_element_type_43,%div_37
triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14 = async_compile.triton('triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr1': '*i1', 'out_ptr4': '*bf16', 'out_ptr5': '*fp32', 'load_seed_offset': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 32768, 'r0_': 62926848}}
)
@triton.jit
def triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr1, out_ptr4, out_ptr5, load_seed_offset, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp7 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
    tmp12 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask, other=0.0)
    tmp13 = tl.load(in_ptr3 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp15 = tl.load(in_ptr4 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp41 = tl.load(in_ptr5 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp43 = tl.load(in_ptr6 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
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
    tmp14 = tmp12 * tmp13
    tmp16 = tmp14 + tmp15
    tmp17 = tmp11 + tmp16
    tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
    tmp20 = tl.where(r0_mask, tmp18, 0)
    tmp21 = tl.broadcast_to(tmp18, [XBLOCK, R0_BLOCK])
    tmp23 = tl.where(r0_mask, tmp21, 0)
    tmp24 = tl.sum(tmp23, 1)[:, None].to(tl.float32)
    tmp25 = tl.full([1, 1], 768, tl.int32)
    tmp26 = tmp25.to(tl.float32)
    tmp27 = (tmp24 / tmp26)
    tmp28 = tmp18 - tmp27
    tmp29 = tmp28 * tmp28
    tmp30 = tl.broadcast_to(tmp29, [XBLOCK, R0_BLOCK])
    tmp32 = tl.where(r0_mask, tmp30, 0)
    tmp33 = tl.sum(tmp32, 1)[:, None].to(tl.float32)
    tmp34 = tmp17 - tmp27
    tmp35 = tl.full([1, 1], 768.0, tl.float32)
    tmp36 = (tmp33 / tmp35)
    tmp37 = tl.full([1, 1], 1e-12, tl.float32)
    tmp38 = tmp36 + tmp37
    tmp39 = libdevice.rsqrt(tmp38)
    tmp40 = tmp34 * tmp39
    tmp42 = tmp40 * tmp41
    tmp44 = tmp42 + tmp43
    tmp45 = tmp44.to(tl.float32)
    tmp46 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp47 = tmp39 * tmp46
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp5, r0_mask)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp40, r0_mask)
    tl.store(out_ptr4 + (r0_1 + 768*x0), tmp45, r0_mask)
    tl.store(out_ptr5 + (x0), tmp47, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/ue/cuegf4clmrzvkys7jyxuvoc4ga3rcahvaf54oexsjxlfm4phuvtp.py
# Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_3], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
# Source node to ATen node mapping:
#   attention_mask_1 => expand_2
#   attn_output => full_default, full_default_1, full_default_2, where
#   attn_output_3 => add_14, any_2, div_1, eq_1, logical_not_2, logical_not_3, view_33, where_3
# Graph fragment:
#   %bmm_2 : Tensor "f32[192, 256, 256][65536, 256, 1]cuda:0" = PlaceHolder[target=bmm_2]
#   %ge : Tensor "b8[1, 1, 256, 1][256, 256, 1, 1]cuda:0" = PlaceHolder[target=ge]
#   %any_2 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=any_2]
#   %getitem_74 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=getitem_74]
#   %getitem_75 : Tensor "f32[16, 12, 256, 1][3072, 256, 1, 49152]cuda:0" = PlaceHolder[target=getitem_75]
#   %expand_2 : Tensor "b8[16, 1, 256, 256][0, 256, 1, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%ge, [16, -1, 256, 256]), kwargs = {})
#   %full_default : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -inf), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %full_default_1 : Tensor "bf16[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where : Tensor "bf16[16, 1, 256, 256][65536, 65536, 256, 1]cuda:0"[num_users=12] = call_function[target=torch.ops.aten.where.self](args = (%expand_2, %full_default_1, %full_default), kwargs = {})
#   %full_default_2 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=12] = call_function[target=torch.ops.aten.full.default](args = ([16, 12, 256, 256], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %view_33 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%bmm_2, [16, 12, 256, 256]), kwargs = {})
#   %add_14 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_33, %where), kwargs = {})
#   %prepare_softmax_online_default_11 : [num_users=2] = call_function[target=torch.ops.prims.prepare_softmax_online.default](args = (%add_14, -1), kwargs = {})
#   %sub_tensor_11 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_14, %getitem_74), kwargs = {})
#   %exp_default_11 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%sub_tensor_11,), kwargs = {})
#   %div_1 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%exp_default_11, %getitem_75), kwargs = {})
#   %eq_1 : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%add_14, -inf), kwargs = {})
#   %logical_not_2 : Tensor "b8[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.logical_not.default](args = (%eq_1,), kwargs = {})
#   %any_2 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.any.dim](args = (%logical_not_2, -1, True), kwargs = {})
#   %logical_not_3 : Tensor "b8[16, 12, 256, 1][3072, 256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.logical_not.default](args = (%any_2,), kwargs = {})
#   %where_3 : Tensor "f32[16, 12, 256, 256][786432, 65536, 256, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.where.self](args = (%logical_not_3, %full_default_2, %div_1), kwargs = {})
#   return %getitem_74,%getitem_75,%any_2,%expand_9
triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15 = async_compile.triton('triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i1', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 5, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 256, 'r0_': 150994944}}
)
@triton.jit
def triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15(in_out_ptr0, in_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    r0_2 = r0_index
    x3 = xindex
    x0 = (xindex % 256)
    tmp0 = tl.load(in_out_ptr0 + (r0_2 + 256*x3), None)
    tmp1 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.int1)
    tmp2 = tl.full([1, 1], 0.0, tl.float32)
    tmp3 = tl.full([1, 1], float("-inf"), tl.float32)
    tmp4 = tl.where(tmp1, tmp2, tmp3)
    tmp5 = tmp4.to(tl.float32)
    tmp6 = tmp0 + tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
    tmp11 = triton_helpers.max2(tmp9, 1)[:, None].to(tl.float32)
    tmp12 = tmp7 - tmp11
    tmp13 = libdevice.exp(tmp12)
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp17 = tmp6 == tmp3
    tmp18 = tmp17 == 0
    tmp19 = tmp18.to(tl.int64)
    tmp20 = (tmp19 != 0)
    tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
    tmp23 = triton_helpers.any(tmp21, 1)[:, None].to(tl.int1)
    tmp24 = tmp23 == 0
    tmp25 = tmp6 - tmp11
    tmp26 = libdevice.exp(tmp25)
    tmp27 = (tmp26 / tmp16)
    tmp28 = tl.where(tmp24, tmp2, tmp27)
    tl.store(in_out_ptr0 + (r0_2 + 256*x3), tmp28, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/r5/cr5ls2hc36oye4yiawqkkrtssr4ugllpr2sy5ehatz2na4e7ho2v.py
# Topologically Sorted Source Nodes: [hidden_states_96, hidden_states_97, hidden_states_98, hidden_states_99], Original ATen: [aten.view, aten.gelu, aten.native_layer_norm, aten._to_copy]
# Source node to ATen node mapping:
#   hidden_states_96 => view_265
#   hidden_states_97 => add_102, convert_element_type_498, erf_12, mul_160, mul_161, mul_162
#   hidden_states_98 => add_103, add_104, mul_163, mul_164, rsqrt_25, sub_37, var_mean_25
#   hidden_states_99 => convert_element_type_503
# Graph fragment:
#   %addmm_72 : Tensor "bf16[4096, 768][768, 1]cuda:0" = PlaceHolder[target=addmm_72]
#   %buf556 : Tensor "f32[16, 256, 1][256, 1, 4096]cuda:0" = PlaceHolder[target=buf556]
#   %getitem_51 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=getitem_51]
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0" = PlaceHolder[target=rsqrt_25]
#   %primals_203 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_203]
#   %primals_204 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_204]
#   %view_265 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_72, [16, 256, 768]), kwargs = {})
#   %convert_element_type_498 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_265, torch.float32), kwargs = {})
#   %mul_160 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.5), kwargs = {})
#   %mul_161 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convert_element_type_498, 0.7071067811865476), kwargs = {})
#   %erf_12 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_161,), kwargs = {})
#   %add_102 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_12, 1), kwargs = {})
#   %mul_162 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_160, %add_102), kwargs = {})
#   %var_mean_25 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%mul_162, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_103 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_50, 1e-12), kwargs = {})
#   %rsqrt_25 : Tensor "f32[16, 256, 1][256, 1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_103,), kwargs = {})
#   %sub_37 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_162, %getitem_51), kwargs = {})
#   %mul_163 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_37, %rsqrt_25), kwargs = {})
#   %mul_164 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_163, %primals_203), kwargs = {})
#   %add_104 : Tensor "f32[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_164, %primals_204), kwargs = {})
#   %convert_element_type_503 : Tensor "bf16[16, 256, 768][196608, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%add_104, torch.bfloat16), kwargs = {})
#   return %getitem_51,%buf556,%rsqrt_25,%convert_element_type_503
triton_per_fused__to_copy_gelu_native_layer_norm_view_16 = async_compile.triton('triton_per_fused__to_copy_gelu_native_layer_norm_view_16', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__to_copy_gelu_native_layer_norm_view_16', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 3, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 18880512}}
)
@triton.jit
def triton_per_fused__to_copy_gelu_native_layer_norm_view_16(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tmp33 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp35 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1, 1], 0.5, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl.full([1, 1], 0.7071067811865476, tl.float32)
    tmp5 = tmp1 * tmp4
    tmp6 = libdevice.erf(tmp5)
    tmp7 = tl.full([1, 1], 1.0, tl.float32)
    tmp8 = tmp6 + tmp7
    tmp9 = tmp3 * tmp8
    tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
    tmp12 = tl.where(r0_mask, tmp10, 0)
    tmp13 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp15 = tl.where(r0_mask, tmp13, 0)
    tmp16 = tl.sum(tmp15, 1)[:, None].to(tl.float32)
    tmp17 = tl.full([1, 1], 768, tl.int32)
    tmp18 = tmp17.to(tl.float32)
    tmp19 = (tmp16 / tmp18)
    tmp20 = tmp10 - tmp19
    tmp21 = tmp20 * tmp20
    tmp22 = tl.broadcast_to(tmp21, [XBLOCK, R0_BLOCK])
    tmp24 = tl.where(r0_mask, tmp22, 0)
    tmp25 = tl.sum(tmp24, 1)[:, None].to(tl.float32)
    tmp26 = tl.full([1, 1], 768.0, tl.float32)
    tmp27 = (tmp25 / tmp26)
    tmp28 = tl.full([1, 1], 1e-12, tl.float32)
    tmp29 = tmp27 + tmp28
    tmp30 = libdevice.rsqrt(tmp29)
    tmp31 = tmp9 - tmp19
    tmp32 = tmp31 * tmp30
    tmp34 = tmp32 * tmp33
    tmp36 = tmp34 + tmp35
    tmp37 = tmp36.to(tl.float32)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp30, None)
    tl.store(out_ptr1 + (r0_1 + 768*x0), tmp37, r0_mask)
    tl.store(out_ptr0 + (x0), tmp19, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/eh/cehahl2y6mogttrwfv327vcgwujh53kkqsxjzb3lb2zz7x5h37e3.py
# Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy]
# Source node to ATen node mapping:
#   hidden_states_99 => convert_element_type_502
# Graph fragment:
#   %primals_4 : Tensor "f32[30522, 768][768, 1]cuda:0" = PlaceHolder[target=primals_4]
#   %convert_element_type_502 : Tensor "bf16[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_4, torch.bfloat16), kwargs = {})
#   return %convert_element_type_502
triton_poi_fused__to_copy_17 = async_compile.triton('triton_poi_fused__to_copy_17', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 33554432}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_17', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 187527168}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_17(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 23440896
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/t3/ct3iat3nvcjtspgugxhkbdltddr5e6lqgusoayv5e2a6vfquvkww.py
# Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy, aten.t, aten.addmm]
# Source node to ATen node mapping:
#   hidden_states_99 => constant_pad_nd_default_2, convert_element_type_502, permute_133
# Graph fragment:
#   %convert_element_type_502 : Tensor "bf16[30522, 768][768, 1]cuda:0" = PlaceHolder[target=convert_element_type_502]
#   %convert_element_type_502 : Tensor "bf16[30522, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_4, torch.bfloat16), kwargs = {})
#   %permute_133 : Tensor "bf16[768, 30522][1, 768]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%convert_element_type_502, [1, 0]), kwargs = {})
#   %constant_pad_nd_default_2 : Tensor "bf16[768, 30528][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_133, [0, 6, 0, 0]), kwargs = {})
#   return %constant_pad_nd_default_2
triton_poi_fused__to_copy_addmm_t_18 = async_compile.triton('triton_poi_fused__to_copy_addmm_t_18', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_addmm_t_18', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 140663808}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_addmm_t_18(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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


# kernel path: /tmp/torchinductor_root/uu/cuux24mglvja4mczprie4r2xwtkdxlo76awmiuloernwf3q4isfp.py
# Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy, aten.addmm]
# Source node to ATen node mapping:
#   hidden_states_99 => cat_default, convert_element_type_501, full_default_47
# Graph fragment:
#   %primals_205 : Tensor "f32[30522][1]cuda:0" = PlaceHolder[target=primals_205]
#   %convert_element_type_501 : Tensor "bf16[30522][1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%primals_205, torch.bfloat16), kwargs = {})
#   %full_default_47 : Tensor "bf16[6][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([6], 0), kwargs = {dtype: torch.bfloat16, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %cat_default : Tensor "bf16[30528][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%convert_element_type_501, %full_default_47],), kwargs = {})
#   return %cat_default
triton_poi_fused__to_copy_addmm_19 = async_compile.triton('triton_poi_fused__to_copy_addmm_19', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32768}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__to_copy_addmm_19', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 244200}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__to_copy_addmm_19(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 30528
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = tl.full([1], 30522, tl.int64)
    tmp4 = tmp0 < tmp3
    tmp5 = tl.load(in_ptr0 + (x0), tmp4 & xmask, eviction_policy='evict_last', other=0.0)
    tmp6 = tmp5.to(tl.float32)
    tmp7 = tl.full(tmp6.shape, 0.0, tmp6.dtype)
    tmp8 = tl.where(tmp4, tmp6, tmp7)
    tmp9 = tmp0 >= tmp3
    tmp10 = tl.full([1], 30528, tl.int64)
    tmp11 = tmp0 < tmp10
    tmp12 = tl.full([1], 0.0, tl.float32)
    tmp13 = tl.full(tmp12.shape, 0.0, tmp12.dtype)
    tmp14 = tl.where(tmp9, tmp12, tmp13)
    tmp15 = tl.where(tmp4, tmp8, tmp14)
    tl.store(out_ptr0 + (x0), tmp15, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/y3/cy37pmxwbj7ysq5il2jrdnjnxmtvyzpk7rsuyt4hfaxahc2c533j.py
# Topologically Sorted Source Nodes: [hidden_states_99, view_36, masked_lm_loss], Original ATen: [aten.addmm, aten.view, aten._log_softmax, prims.prepare_softmax_online]
# Source node to ATen node mapping:
#   hidden_states_99 => slice_tensor, view_267
#   masked_lm_loss => convert_element_type_507, log
#   view_36 => view_268
# Graph fragment:
#   %addmm_default : Tensor "bf16[4096, 30528][30528, 1]cuda:0" = PlaceHolder[target=addmm_default]
#   %getitem_53 : Tensor "f32[4096, 1][1, 4096]cuda:0" = PlaceHolder[target=getitem_53]
#   %slice_tensor : Tensor "bf16[4096, 30522][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%addmm_default, 1, 0, -6), kwargs = {})
#   %view_267 : Tensor "bf16[16, 256, 30522][7815168, 30528, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%slice_tensor, [16, 256, 30522]), kwargs = {})
#   %view_268 : Tensor "bf16[4096, 30522][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_267, [-1, 30522]), kwargs = {})
#   %convert_element_type_507 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_268, torch.float32), kwargs = {})
#   %prepare_softmax_online_default : [num_users=2] = call_function[target=torch.ops.prims.prepare_softmax_online.default](args = (%convert_element_type_507, 1), kwargs = {})
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.log.default](args = (%getitem_53,), kwargs = {})
#   return %getitem_52,%getitem_53,%log
triton_red_fused__log_softmax_addmm_prepare_softmax_online_view_20 = async_compile.triton('triton_red_fused__log_softmax_addmm_prepare_softmax_online_view_20', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax_addmm_prepare_softmax_online_view_20', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 65536, 'r0_': 250036224}}
)
@triton.jit
def triton_red_fused__log_softmax_addmm_prepare_softmax_online_view_20(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
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
    _tmp3_max = tl.full([XBLOCK, R0_BLOCK], float('-inf'), tl.float32)
    _tmp3_sum = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 30528*x0), r0_mask, eviction_policy='evict_first', other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])

        _tmp3_max_next, _tmp3_sum_next = triton_helpers.online_softmax_combine(
            _tmp3_max, _tmp3_sum, tmp2, False
        )

        _tmp3_max = tl.where(r0_mask, _tmp3_max_next, _tmp3_max)
        _tmp3_sum = tl.where(r0_mask, _tmp3_sum_next, _tmp3_sum)

    tmp3, tmp4 = triton_helpers.online_softmax_reduce(
        _tmp3_max, _tmp3_sum, 1, False)
    tmp3 = tmp3[:, None]
    tmp4 = tmp4[:, None]
    tl.store(out_ptr0 + (x0), tmp3, None)
    tmp5 = tl_math.log(tmp4)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x0), tmp5, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_root/el/cel7fgxrm5vzdbdbhfujjssdr32utey2qc6yzldsnvjjzrmg24ga.py
# Topologically Sorted Source Nodes: [hidden_states_99, view_36, view_37, masked_lm_loss], Original ATen: [aten.addmm, aten.view, aten._log_softmax, aten.sub, aten._to_copy, aten.nll_loss_forward]
# Source node to ATen node mapping:
#   hidden_states_99 => slice_tensor, view_267
#   masked_lm_loss => convert_element_type_507, convert_element_type_508, convert_element_type_509, convert_element_type_510, div_12, full_default_36, full_default_37, gather_1, ne, neg, squeeze, sub_39, sum_14, sum_15, unsqueeze_3, where_24, where_25
#   view_36 => view_268
#   view_37 => view_269
# Graph fragment:
#   %primals_1 : Tensor "i64[16, 256][256, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %addmm_default : Tensor "bf16[4096, 30528][30528, 1]cuda:0" = PlaceHolder[target=addmm_default]
#   %getitem_52 : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=getitem_52]
#   %log : Tensor "f32[4096, 1][1, 1]cuda:0" = PlaceHolder[target=log]
#   %sum_14 : Tensor "i64[][]cuda:0" = PlaceHolder[target=sum_14]
#   %sum_15 : Tensor "f32[][]cuda:0" = PlaceHolder[target=sum_15]
#   %convert_element_type_510 : Tensor "f32[][]cuda:0" = PlaceHolder[target=convert_element_type_510]
#   %slice_tensor : Tensor "bf16[4096, 30522][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%addmm_default, 1, 0, -6), kwargs = {})
#   %view_267 : Tensor "bf16[16, 256, 30522][7815168, 30528, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%slice_tensor, [16, 256, 30522]), kwargs = {})
#   %view_268 : Tensor "bf16[4096, 30522][30528, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_267, [-1, 30522]), kwargs = {})
#   %view_269 : Tensor "i64[4096][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_1, [-1]), kwargs = {})
#   %convert_element_type_507 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_268, torch.float32), kwargs = {})
#   %sub_tensor : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.sub.Tensor](args = (%convert_element_type_507, %getitem_52), kwargs = {})
#   %sub_39 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_tensor, %log), kwargs = {})
#   %convert_element_type_508 : Tensor "bf16[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sub_39, torch.bfloat16), kwargs = {})
#   %convert_element_type_509 : Tensor "f32[4096, 30522][30522, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%convert_element_type_508, torch.float32), kwargs = {})
#   %ne : Tensor "b8[4096][1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.ne.Scalar](args = (%view_269, -100), kwargs = {})
#   %full_default_36 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0), kwargs = {dtype: torch.int64, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_24 : Tensor "i64[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne, %view_269, %full_default_36), kwargs = {})
#   %unsqueeze_3 : Tensor "i64[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%where_24, 1), kwargs = {})
#   %gather_1 : Tensor "f32[4096, 1][1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.gather.default](args = (%convert_element_type_509, 1, %unsqueeze_3), kwargs = {})
#   %squeeze : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.squeeze.dim](args = (%gather_1, 1), kwargs = {})
#   %neg : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%squeeze,), kwargs = {})
#   %full_default_37 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_25 : Tensor "f32[4096][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%ne, %neg, %full_default_37), kwargs = {})
#   %sum_14 : Tensor "i64[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%ne,), kwargs = {})
#   %convert_element_type_510 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%sum_14, torch.float32), kwargs = {})
#   %sum_15 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.default](args = (%where_25,), kwargs = {})
#   %div_12 : Tensor "f32[][]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%sum_15, %convert_element_type_510), kwargs = {})
#   return %sum_14,%sum_15,%convert_element_type_510,%div_12
triton_red_fused__log_softmax__to_copy_addmm_nll_loss_forward_sub_view_21 = async_compile.triton('triton_red_fused__log_softmax__to_copy_addmm_nll_loss_forward_sub_view_21', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 1, 'r0_': 4096},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'constexpr', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {'xnumel': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__log_softmax__to_copy_addmm_nll_loss_forward_sub_view_21', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'r0_': 65536}}
)
@triton.jit
def triton_red_fused__log_softmax__to_copy_addmm_nll_loss_forward_sub_view_21(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 1
    r0_numel = 4096
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    _tmp5 = tl.full([XBLOCK, R0_BLOCK], 0, tl.int64)
    _tmp26 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_0 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_0), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp16 = tl.load(in_ptr2 + (r0_0), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp18 = tl.load(in_ptr3 + (r0_0), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.full([1, 1], -100, tl.int64)
        tmp2 = tmp0 != tmp1
        tmp3 = tmp2.to(tl.int64)
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = _tmp5 + tmp4
        _tmp5 = tl.where(r0_mask, tmp6, _tmp5)
        tmp7 = tl.full([1, 1], 0, tl.int64)
        tmp8 = tl.where(tmp2, tmp0, tmp7)
        tmp9 = tl.full([1, 1], 30522, tl.int32)
        tmp10 = tmp8 + tmp9
        tmp11 = tmp8 < 0
        tmp12 = tl.where(tmp11, tmp10, tmp8)
        tl.device_assert(((0 <= tmp12) & (tmp12 < 30522)) | ~(r0_mask), "index out of bounds: 0 <= tmp12 < 30522")
        tmp14 = tl.load(in_ptr1 + (tmp12 + 30528*r0_0), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp15 = tmp14.to(tl.float32)
        tmp17 = tmp15 - tmp16
        tmp19 = tmp17 - tmp18
        tmp20 = tmp19.to(tl.float32)
        tmp21 = tmp20.to(tl.float32)
        tmp22 = -tmp21
        tmp23 = tl.full([1, 1], 0.0, tl.float32)
        tmp24 = tl.where(tmp2, tmp22, tmp23)
        tmp25 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
        tmp27 = _tmp26 + tmp25
        _tmp26 = tl.where(r0_mask, tmp27, _tmp26)
    tmp5 = tl.sum(_tmp5, 1)[:, None]
    tmp26 = tl.sum(_tmp26, 1)[:, None]
    tmp28 = tmp5.to(tl.float32)
    tmp29 = (tmp26 / tmp28)
    tl.store(out_ptr1 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp28, None)
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp29, None)
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
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41, primals_42, primals_43, primals_44, primals_45, primals_46, primals_47, primals_48, primals_49, primals_50, primals_51, primals_52, primals_53, primals_54, primals_55, primals_56, primals_57, primals_58, primals_59, primals_60, primals_61, primals_62, primals_63, primals_64, primals_65, primals_66, primals_67, primals_68, primals_69, primals_70, primals_71, primals_72, primals_73, primals_74, primals_75, primals_76, primals_77, primals_78, primals_79, primals_80, primals_81, primals_82, primals_83, primals_84, primals_85, primals_86, primals_87, primals_88, primals_89, primals_90, primals_91, primals_92, primals_93, primals_94, primals_95, primals_96, primals_97, primals_98, primals_99, primals_100, primals_101, primals_102, primals_103, primals_104, primals_105, primals_106, primals_107, primals_108, primals_109, primals_110, primals_111, primals_112, primals_113, primals_114, primals_115, primals_116, primals_117, primals_118, primals_119, primals_120, primals_121, primals_122, primals_123, primals_124, primals_125, primals_126, primals_127, primals_128, primals_129, primals_130, primals_131, primals_132, primals_133, primals_134, primals_135, primals_136, primals_137, primals_138, primals_139, primals_140, primals_141, primals_142, primals_143, primals_144, primals_145, primals_146, primals_147, primals_148, primals_149, primals_150, primals_151, primals_152, primals_153, primals_154, primals_155, primals_156, primals_157, primals_158, primals_159, primals_160, primals_161, primals_162, primals_163, primals_164, primals_165, primals_166, primals_167, primals_168, primals_169, primals_170, primals_171, primals_172, primals_173, primals_174, primals_175, primals_176, primals_177, primals_178, primals_179, primals_180, primals_181, primals_182, primals_183, primals_184, primals_185, primals_186, primals_187, primals_188, primals_189, primals_190, primals_191, primals_192, primals_193, primals_194, primals_195, primals_196, primals_197, primals_198, primals_199, primals_200, primals_201, primals_202, primals_203, primals_204, primals_205 = args
        args.clear()
        assert_size_stride(primals_1, (16, 256), (256, 1))
        assert_size_stride(primals_2, (1, 512), (512, 1))
        assert_size_stride(primals_3, (1, 512), (512, 1))
        assert_size_stride(primals_4, (30522, 768), (768, 1))
        assert_size_stride(primals_5, (2, 768), (768, 1))
        assert_size_stride(primals_6, (512, 768), (768, 1))
        assert_size_stride(primals_7, (768, ), (1, ))
        assert_size_stride(primals_8, (768, ), (1, ))
        assert_size_stride(primals_9, (768, 768), (768, 1))
        assert_size_stride(primals_10, (768, ), (1, ))
        assert_size_stride(primals_11, (768, 768), (768, 1))
        assert_size_stride(primals_12, (768, ), (1, ))
        assert_size_stride(primals_13, (768, 768), (768, 1))
        assert_size_stride(primals_14, (768, ), (1, ))
        assert_size_stride(primals_15, (768, 768), (768, 1))
        assert_size_stride(primals_16, (768, ), (1, ))
        assert_size_stride(primals_17, (768, ), (1, ))
        assert_size_stride(primals_18, (768, ), (1, ))
        assert_size_stride(primals_19, (3072, 768), (768, 1))
        assert_size_stride(primals_20, (3072, ), (1, ))
        assert_size_stride(primals_21, (768, 3072), (3072, 1))
        assert_size_stride(primals_22, (768, ), (1, ))
        assert_size_stride(primals_23, (768, ), (1, ))
        assert_size_stride(primals_24, (768, ), (1, ))
        assert_size_stride(primals_25, (768, 768), (768, 1))
        assert_size_stride(primals_26, (768, ), (1, ))
        assert_size_stride(primals_27, (768, 768), (768, 1))
        assert_size_stride(primals_28, (768, ), (1, ))
        assert_size_stride(primals_29, (768, 768), (768, 1))
        assert_size_stride(primals_30, (768, ), (1, ))
        assert_size_stride(primals_31, (768, 768), (768, 1))
        assert_size_stride(primals_32, (768, ), (1, ))
        assert_size_stride(primals_33, (768, ), (1, ))
        assert_size_stride(primals_34, (768, ), (1, ))
        assert_size_stride(primals_35, (3072, 768), (768, 1))
        assert_size_stride(primals_36, (3072, ), (1, ))
        assert_size_stride(primals_37, (768, 3072), (3072, 1))
        assert_size_stride(primals_38, (768, ), (1, ))
        assert_size_stride(primals_39, (768, ), (1, ))
        assert_size_stride(primals_40, (768, ), (1, ))
        assert_size_stride(primals_41, (768, 768), (768, 1))
        assert_size_stride(primals_42, (768, ), (1, ))
        assert_size_stride(primals_43, (768, 768), (768, 1))
        assert_size_stride(primals_44, (768, ), (1, ))
        assert_size_stride(primals_45, (768, 768), (768, 1))
        assert_size_stride(primals_46, (768, ), (1, ))
        assert_size_stride(primals_47, (768, 768), (768, 1))
        assert_size_stride(primals_48, (768, ), (1, ))
        assert_size_stride(primals_49, (768, ), (1, ))
        assert_size_stride(primals_50, (768, ), (1, ))
        assert_size_stride(primals_51, (3072, 768), (768, 1))
        assert_size_stride(primals_52, (3072, ), (1, ))
        assert_size_stride(primals_53, (768, 3072), (3072, 1))
        assert_size_stride(primals_54, (768, ), (1, ))
        assert_size_stride(primals_55, (768, ), (1, ))
        assert_size_stride(primals_56, (768, ), (1, ))
        assert_size_stride(primals_57, (768, 768), (768, 1))
        assert_size_stride(primals_58, (768, ), (1, ))
        assert_size_stride(primals_59, (768, 768), (768, 1))
        assert_size_stride(primals_60, (768, ), (1, ))
        assert_size_stride(primals_61, (768, 768), (768, 1))
        assert_size_stride(primals_62, (768, ), (1, ))
        assert_size_stride(primals_63, (768, 768), (768, 1))
        assert_size_stride(primals_64, (768, ), (1, ))
        assert_size_stride(primals_65, (768, ), (1, ))
        assert_size_stride(primals_66, (768, ), (1, ))
        assert_size_stride(primals_67, (3072, 768), (768, 1))
        assert_size_stride(primals_68, (3072, ), (1, ))
        assert_size_stride(primals_69, (768, 3072), (3072, 1))
        assert_size_stride(primals_70, (768, ), (1, ))
        assert_size_stride(primals_71, (768, ), (1, ))
        assert_size_stride(primals_72, (768, ), (1, ))
        assert_size_stride(primals_73, (768, 768), (768, 1))
        assert_size_stride(primals_74, (768, ), (1, ))
        assert_size_stride(primals_75, (768, 768), (768, 1))
        assert_size_stride(primals_76, (768, ), (1, ))
        assert_size_stride(primals_77, (768, 768), (768, 1))
        assert_size_stride(primals_78, (768, ), (1, ))
        assert_size_stride(primals_79, (768, 768), (768, 1))
        assert_size_stride(primals_80, (768, ), (1, ))
        assert_size_stride(primals_81, (768, ), (1, ))
        assert_size_stride(primals_82, (768, ), (1, ))
        assert_size_stride(primals_83, (3072, 768), (768, 1))
        assert_size_stride(primals_84, (3072, ), (1, ))
        assert_size_stride(primals_85, (768, 3072), (3072, 1))
        assert_size_stride(primals_86, (768, ), (1, ))
        assert_size_stride(primals_87, (768, ), (1, ))
        assert_size_stride(primals_88, (768, ), (1, ))
        assert_size_stride(primals_89, (768, 768), (768, 1))
        assert_size_stride(primals_90, (768, ), (1, ))
        assert_size_stride(primals_91, (768, 768), (768, 1))
        assert_size_stride(primals_92, (768, ), (1, ))
        assert_size_stride(primals_93, (768, 768), (768, 1))
        assert_size_stride(primals_94, (768, ), (1, ))
        assert_size_stride(primals_95, (768, 768), (768, 1))
        assert_size_stride(primals_96, (768, ), (1, ))
        assert_size_stride(primals_97, (768, ), (1, ))
        assert_size_stride(primals_98, (768, ), (1, ))
        assert_size_stride(primals_99, (3072, 768), (768, 1))
        assert_size_stride(primals_100, (3072, ), (1, ))
        assert_size_stride(primals_101, (768, 3072), (3072, 1))
        assert_size_stride(primals_102, (768, ), (1, ))
        assert_size_stride(primals_103, (768, ), (1, ))
        assert_size_stride(primals_104, (768, ), (1, ))
        assert_size_stride(primals_105, (768, 768), (768, 1))
        assert_size_stride(primals_106, (768, ), (1, ))
        assert_size_stride(primals_107, (768, 768), (768, 1))
        assert_size_stride(primals_108, (768, ), (1, ))
        assert_size_stride(primals_109, (768, 768), (768, 1))
        assert_size_stride(primals_110, (768, ), (1, ))
        assert_size_stride(primals_111, (768, 768), (768, 1))
        assert_size_stride(primals_112, (768, ), (1, ))
        assert_size_stride(primals_113, (768, ), (1, ))
        assert_size_stride(primals_114, (768, ), (1, ))
        assert_size_stride(primals_115, (3072, 768), (768, 1))
        assert_size_stride(primals_116, (3072, ), (1, ))
        assert_size_stride(primals_117, (768, 3072), (3072, 1))
        assert_size_stride(primals_118, (768, ), (1, ))
        assert_size_stride(primals_119, (768, ), (1, ))
        assert_size_stride(primals_120, (768, ), (1, ))
        assert_size_stride(primals_121, (768, 768), (768, 1))
        assert_size_stride(primals_122, (768, ), (1, ))
        assert_size_stride(primals_123, (768, 768), (768, 1))
        assert_size_stride(primals_124, (768, ), (1, ))
        assert_size_stride(primals_125, (768, 768), (768, 1))
        assert_size_stride(primals_126, (768, ), (1, ))
        assert_size_stride(primals_127, (768, 768), (768, 1))
        assert_size_stride(primals_128, (768, ), (1, ))
        assert_size_stride(primals_129, (768, ), (1, ))
        assert_size_stride(primals_130, (768, ), (1, ))
        assert_size_stride(primals_131, (3072, 768), (768, 1))
        assert_size_stride(primals_132, (3072, ), (1, ))
        assert_size_stride(primals_133, (768, 3072), (3072, 1))
        assert_size_stride(primals_134, (768, ), (1, ))
        assert_size_stride(primals_135, (768, ), (1, ))
        assert_size_stride(primals_136, (768, ), (1, ))
        assert_size_stride(primals_137, (768, 768), (768, 1))
        assert_size_stride(primals_138, (768, ), (1, ))
        assert_size_stride(primals_139, (768, 768), (768, 1))
        assert_size_stride(primals_140, (768, ), (1, ))
        assert_size_stride(primals_141, (768, 768), (768, 1))
        assert_size_stride(primals_142, (768, ), (1, ))
        assert_size_stride(primals_143, (768, 768), (768, 1))
        assert_size_stride(primals_144, (768, ), (1, ))
        assert_size_stride(primals_145, (768, ), (1, ))
        assert_size_stride(primals_146, (768, ), (1, ))
        assert_size_stride(primals_147, (3072, 768), (768, 1))
        assert_size_stride(primals_148, (3072, ), (1, ))
        assert_size_stride(primals_149, (768, 3072), (3072, 1))
        assert_size_stride(primals_150, (768, ), (1, ))
        assert_size_stride(primals_151, (768, ), (1, ))
        assert_size_stride(primals_152, (768, ), (1, ))
        assert_size_stride(primals_153, (768, 768), (768, 1))
        assert_size_stride(primals_154, (768, ), (1, ))
        assert_size_stride(primals_155, (768, 768), (768, 1))
        assert_size_stride(primals_156, (768, ), (1, ))
        assert_size_stride(primals_157, (768, 768), (768, 1))
        assert_size_stride(primals_158, (768, ), (1, ))
        assert_size_stride(primals_159, (768, 768), (768, 1))
        assert_size_stride(primals_160, (768, ), (1, ))
        assert_size_stride(primals_161, (768, ), (1, ))
        assert_size_stride(primals_162, (768, ), (1, ))
        assert_size_stride(primals_163, (3072, 768), (768, 1))
        assert_size_stride(primals_164, (3072, ), (1, ))
        assert_size_stride(primals_165, (768, 3072), (3072, 1))
        assert_size_stride(primals_166, (768, ), (1, ))
        assert_size_stride(primals_167, (768, ), (1, ))
        assert_size_stride(primals_168, (768, ), (1, ))
        assert_size_stride(primals_169, (768, 768), (768, 1))
        assert_size_stride(primals_170, (768, ), (1, ))
        assert_size_stride(primals_171, (768, 768), (768, 1))
        assert_size_stride(primals_172, (768, ), (1, ))
        assert_size_stride(primals_173, (768, 768), (768, 1))
        assert_size_stride(primals_174, (768, ), (1, ))
        assert_size_stride(primals_175, (768, 768), (768, 1))
        assert_size_stride(primals_176, (768, ), (1, ))
        assert_size_stride(primals_177, (768, ), (1, ))
        assert_size_stride(primals_178, (768, ), (1, ))
        assert_size_stride(primals_179, (3072, 768), (768, 1))
        assert_size_stride(primals_180, (3072, ), (1, ))
        assert_size_stride(primals_181, (768, 3072), (3072, 1))
        assert_size_stride(primals_182, (768, ), (1, ))
        assert_size_stride(primals_183, (768, ), (1, ))
        assert_size_stride(primals_184, (768, ), (1, ))
        assert_size_stride(primals_185, (768, 768), (768, 1))
        assert_size_stride(primals_186, (768, ), (1, ))
        assert_size_stride(primals_187, (768, 768), (768, 1))
        assert_size_stride(primals_188, (768, ), (1, ))
        assert_size_stride(primals_189, (768, 768), (768, 1))
        assert_size_stride(primals_190, (768, ), (1, ))
        assert_size_stride(primals_191, (768, 768), (768, 1))
        assert_size_stride(primals_192, (768, ), (1, ))
        assert_size_stride(primals_193, (768, ), (1, ))
        assert_size_stride(primals_194, (768, ), (1, ))
        assert_size_stride(primals_195, (3072, 768), (768, 1))
        assert_size_stride(primals_196, (3072, ), (1, ))
        assert_size_stride(primals_197, (768, 3072), (3072, 1))
        assert_size_stride(primals_198, (768, ), (1, ))
        assert_size_stride(primals_199, (768, ), (1, ))
        assert_size_stride(primals_200, (768, ), (1, ))
        assert_size_stride(primals_201, (768, 768), (768, 1))
        assert_size_stride(primals_202, (768, ), (1, ))
        assert_size_stride(primals_203, (768, ), (1, ))
        assert_size_stride(primals_204, (768, ), (1, ))
        assert_size_stride(primals_205, (30522, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((1, 256), (256, 1), torch.int64)
            # Topologically Sorted Source Nodes: [position_ids, buffered_token_type_ids, buffered_token_type_ids_1], Original ATen: [aten.slice, aten.expand, aten.gather]
            stream0 = get_raw_stream(0)
            triton_poi_fused_expand_gather_slice_0.run(primals_2, primals_3, buf0, 256, stream=stream0)
            del primals_3
            buf6 = empty_strided_cuda((25, ), (1, ), torch.int64)
            # Topologically Sorted Source Nodes: [], Original ATen: []
            aten.randint.low_out(-9223372036854775808, 9223372036854775807, [25], out=buf6)
            buf1 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.float32)
            buf8 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf5 = buf1; del buf1  # reuse
            buf10 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf630 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [position_ids, token_type_ids, inputs_embeds, token_type_embeddings, embeddings, position_embeddings, embeddings_1, embeddings_2, embeddings_3, linear, div_39], Original ATen: [aten.slice, aten.expand, aten.embedding, aten.add, aten.native_layer_norm, aten.native_dropout, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_embedding_expand_native_dropout_native_layer_norm_native_layer_norm_backward_slice_1.run(buf5, primals_1, primals_4, buf0, primals_5, primals_2, primals_6, buf6, primals_7, primals_8, buf8, buf10, buf630, 0, 4096, 768, stream=stream0)
            del primals_5
            del primals_6
            buf9 = empty_strided_cuda((1, 1, 256, 1), (256, 256, 1, 1), torch.bool)
            # Topologically Sorted Source Nodes: [arange_2, q_arange, q_indices, attention_mask], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge]
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_arange_ge_unsqueeze_2.run(buf9, 256, stream=stream0)
            buf11 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_9, buf11, 589824, stream=stream0)
            del primals_9
            buf12 = empty_strided_cuda((768, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_10, buf12, 768, stream=stream0)
            del primals_10
            buf13 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [embeddings_2, embeddings_3, linear], Original ATen: [aten.native_layer_norm, aten.native_dropout, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf12, reinterpret_tensor(buf10, (4096, 768), (768, 1), 0), reinterpret_tensor(buf11, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf13)
            buf14 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_11, buf14, 589824, stream=stream0)
            del primals_11
            buf15 = buf12; del buf12  # reuse
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_12, buf15, 768, stream=stream0)
            del primals_12
            buf16 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [embeddings_2, embeddings_3, linear, linear_1], Original ATen: [aten.native_layer_norm, aten.native_dropout, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf15, reinterpret_tensor(buf10, (4096, 768), (768, 1), 0), reinterpret_tensor(buf14, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf16)
            buf17 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_13, buf17, 589824, stream=stream0)
            del primals_13
            buf18 = buf15; del buf15  # reuse
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_14, buf18, 768, stream=stream0)
            del primals_14
            buf19 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [embeddings_2, embeddings_3, linear, linear_2], Original ATen: [aten.native_layer_norm, aten.native_dropout, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf18, reinterpret_tensor(buf10, (4096, 768), (768, 1), 0), reinterpret_tensor(buf17, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf19)
            buf20 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf628 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear, view, query_layer, attn_output, permute_520, convert_element_type_1423], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf13, buf20, buf628, 3145728, stream=stream0)
            buf21 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf629 = reinterpret_tensor(buf13, (192, 256, 64), (16384, 1, 256), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [linear_1, view_1, key_layer, attn_output, permute_521, convert_element_type_1426], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf16, buf21, buf629, 3145728, stream=stream0)
            buf22 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear, view, query_layer, linear_1, view_1, key_layer, attn_output], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf20, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf21, (192, 64, 256), (16384, 256, 1), 0), out=buf22)
            buf23 = empty_strided_cuda((16, 12, 256, 1), (3072, 256, 1, 1), torch.float32)
            buf24 = empty_strided_cuda((16, 12, 256, 1), (3072, 256, 1, 1), torch.float32)
            buf25 = empty_strided_cuda((16, 12, 256, 1), (3072, 256, 1, 49152), torch.bool)
            buf26 = reinterpret_tensor(buf25, (16, 12, 256, 1), (3072, 256, 1, 1), 0); del buf25  # reuse
            buf27 = empty_strided_cuda((16, 12, 256, 256), (786432, 65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp, aten._safe_softmax]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_7.run(buf26, buf22, buf9, buf23, buf24, buf27, 49152, 256, stream=stream0)
            buf28 = reinterpret_tensor(buf21, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf21  # reuse
            buf627 = reinterpret_tensor(buf16, (192, 64, 256), (16384, 1, 64), 0); del buf16  # reuse
            # Topologically Sorted Source Nodes: [linear_2, view_2, value_layer, attn_output, permute_519, convert_element_type_1416], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf19, buf28, buf627, 3145728, stream=stream0)
            buf29 = reinterpret_tensor(buf20, (192, 256, 64), (16384, 64, 1), 0); del buf20  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, linear_2, view_2, value_layer, attn_output], Original ATen: [aten.expand, aten.view, aten.transpose, aten.scalar_tensor, aten.where, aten._to_copy, aten.add, aten.sub, aten.exp, aten._safe_softmax, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf27, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf28, (192, 256, 64), (16384, 64, 1), 0), out=buf29)
            del buf27
            buf30 = reinterpret_tensor(buf19, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf19  # reuse
            # Topologically Sorted Source Nodes: [attn_output, transpose_3, attn_output_1], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf29, buf30, 3145728, stream=stream0)
            buf31 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_15, buf31, 589824, stream=stream0)
            del primals_15
            buf32 = buf18; del buf18  # reuse
            # Topologically Sorted Source Nodes: [hidden_states], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_16, buf32, 768, stream=stream0)
            del primals_16
            buf33 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output, transpose_3, attn_output_1, reshape, hidden_states], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf32, reinterpret_tensor(buf30, (4096, 768), (768, 1), 0), reinterpret_tensor(buf31, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf33)
            buf35 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf36 = reinterpret_tensor(buf29, (16, 256, 768), (196608, 768, 1), 0); del buf29  # reuse
            buf40 = buf36; del buf36  # reuse
            buf41 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf626 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [embeddings_2, embeddings_3, hidden_states, hidden_states_1, add_4, hidden_states_2, hidden_states_3, div_38], Original ATen: [aten.native_layer_norm, aten.native_dropout, aten.view, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_10.run(buf40, buf6, buf33, buf8, buf5, primals_7, primals_8, primals_17, primals_18, buf35, buf41, buf626, 1, 4096, 768, stream=stream0)
            del primals_8
            buf42 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_3], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_19, buf42, 2359296, stream=stream0)
            del primals_19
            buf43 = empty_strided_cuda((3072, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_3], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_20, buf43, 3072, stream=stream0)
            del primals_20
            buf44 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_2, hidden_states_3], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf43, reinterpret_tensor(buf41, (4096, 768), (768, 1), 0), reinterpret_tensor(buf42, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf44)
            buf45 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_3, hidden_states_4], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf44, buf45, 12582912, stream=stream0)
            buf46 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_5], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_21, buf46, 2359296, stream=stream0)
            del primals_21
            buf47 = buf32; del buf32  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_5], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_22, buf47, 768, stream=stream0)
            del primals_22
            buf48 = buf33; del buf33  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_3, hidden_states_4, hidden_states_5], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf47, reinterpret_tensor(buf45, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf46, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf48)
            buf50 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf51 = reinterpret_tensor(buf28, (16, 256, 768), (196608, 768, 1), 0); del buf28  # reuse
            buf55 = buf51; del buf51  # reuse
            buf56 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf625 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_2, hidden_states_5, hidden_states_6, add_5, hidden_states_7, linear_6, div_37], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf55, buf6, buf48, buf40, primals_17, primals_18, primals_23, primals_24, buf50, buf56, buf625, 2, 4096, 768, stream=stream0)
            del primals_18
            buf57 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_6], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_25, buf57, 589824, stream=stream0)
            del primals_25
            buf58 = buf47; del buf47  # reuse
            # Topologically Sorted Source Nodes: [linear_6], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_26, buf58, 768, stream=stream0)
            del primals_26
            buf59 = buf48; del buf48  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_7, linear_6], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf58, reinterpret_tensor(buf56, (4096, 768), (768, 1), 0), reinterpret_tensor(buf57, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf59)
            buf60 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_27, buf60, 589824, stream=stream0)
            del primals_27
            buf61 = buf58; del buf58  # reuse
            # Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_28, buf61, 768, stream=stream0)
            del primals_28
            buf62 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_7, linear_6, linear_7], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf61, reinterpret_tensor(buf56, (4096, 768), (768, 1), 0), reinterpret_tensor(buf60, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf62)
            buf63 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_29, buf63, 589824, stream=stream0)
            del primals_29
            buf64 = buf61; del buf61  # reuse
            # Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_30, buf64, 768, stream=stream0)
            del primals_30
            buf65 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_7, linear_6, linear_8], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf64, reinterpret_tensor(buf56, (4096, 768), (768, 1), 0), reinterpret_tensor(buf63, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf65)
            buf66 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf623 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_6, view_3, query_layer_1, attn_output_3, permute_487, convert_element_type_1346], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf59, buf66, buf623, 3145728, stream=stream0)
            buf67 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf624 = reinterpret_tensor(buf59, (192, 256, 64), (16384, 1, 256), 0); del buf59  # reuse
            # Topologically Sorted Source Nodes: [linear_7, view_4, key_layer_1, attn_output_3, permute_488, convert_element_type_1349], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf62, buf67, buf624, 3145728, stream=stream0)
            buf68 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_6, view_3, query_layer_1, linear_7, view_4, key_layer_1, attn_output_3], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf66, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf67, (192, 64, 256), (16384, 256, 1), 0), out=buf68)
            buf72 = reinterpret_tensor(buf68, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf68  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_3], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf72, buf9, 49152, 256, stream=stream0)
            buf73 = reinterpret_tensor(buf67, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf67  # reuse
            buf622 = reinterpret_tensor(buf62, (192, 64, 256), (16384, 1, 64), 0); del buf62  # reuse
            # Topologically Sorted Source Nodes: [linear_8, view_5, value_layer_1, attn_output_3, permute_486, convert_element_type_1339], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf65, buf73, buf622, 3145728, stream=stream0)
            buf74 = reinterpret_tensor(buf66, (192, 256, 64), (16384, 64, 1), 0); del buf66  # reuse
            # Topologically Sorted Source Nodes: [linear_8, view_5, value_layer_1, attn_output_3], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf72, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf73, (192, 256, 64), (16384, 64, 1), 0), out=buf74)
            buf75 = reinterpret_tensor(buf65, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf65  # reuse
            # Topologically Sorted Source Nodes: [attn_output_3, transpose_7, attn_output_4], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf74, buf75, 3145728, stream=stream0)
            buf76 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_31, buf76, 589824, stream=stream0)
            del primals_31
            buf77 = buf64; del buf64  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_8], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_32, buf77, 768, stream=stream0)
            del primals_32
            buf78 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_3, transpose_7, attn_output_4, reshape_1, hidden_states_8], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf77, reinterpret_tensor(buf75, (4096, 768), (768, 1), 0), reinterpret_tensor(buf76, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf78)
            buf80 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf81 = reinterpret_tensor(buf74, (16, 256, 768), (196608, 768, 1), 0); del buf74  # reuse
            buf85 = buf81; del buf81  # reuse
            buf86 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf621 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_7, hidden_states_8, hidden_states_9, add_6, hidden_states_10, hidden_states_11, div_36], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf85, buf6, buf78, buf55, primals_23, primals_24, primals_33, primals_34, buf80, buf86, buf621, 3, 4096, 768, stream=stream0)
            del primals_24
            buf87 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_11], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_35, buf87, 2359296, stream=stream0)
            del primals_35
            buf88 = buf43; del buf43  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_11], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_36, buf88, 3072, stream=stream0)
            del primals_36
            buf89 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_10, hidden_states_11], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf88, reinterpret_tensor(buf86, (4096, 768), (768, 1), 0), reinterpret_tensor(buf87, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf89)
            buf90 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_11, hidden_states_12], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf89, buf90, 12582912, stream=stream0)
            buf91 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_13], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_37, buf91, 2359296, stream=stream0)
            del primals_37
            buf92 = buf77; del buf77  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_13], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_38, buf92, 768, stream=stream0)
            del primals_38
            buf93 = buf78; del buf78  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_11, hidden_states_12, hidden_states_13], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf92, reinterpret_tensor(buf90, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf91, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf93)
            buf95 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf96 = reinterpret_tensor(buf73, (16, 256, 768), (196608, 768, 1), 0); del buf73  # reuse
            buf100 = buf96; del buf96  # reuse
            buf101 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf620 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_10, hidden_states_13, hidden_states_14, add_7, hidden_states_15, linear_12, div_35], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf100, buf6, buf93, buf85, primals_33, primals_34, primals_39, primals_40, buf95, buf101, buf620, 4, 4096, 768, stream=stream0)
            del primals_34
            buf102 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_41, buf102, 589824, stream=stream0)
            del primals_41
            buf103 = buf92; del buf92  # reuse
            # Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_42, buf103, 768, stream=stream0)
            del primals_42
            buf104 = buf93; del buf93  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_15, linear_12], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf103, reinterpret_tensor(buf101, (4096, 768), (768, 1), 0), reinterpret_tensor(buf102, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf104)
            buf105 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_13], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_43, buf105, 589824, stream=stream0)
            del primals_43
            buf106 = buf103; del buf103  # reuse
            # Topologically Sorted Source Nodes: [linear_13], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_44, buf106, 768, stream=stream0)
            del primals_44
            buf107 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_15, linear_12, linear_13], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf106, reinterpret_tensor(buf101, (4096, 768), (768, 1), 0), reinterpret_tensor(buf105, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf107)
            buf108 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_45, buf108, 589824, stream=stream0)
            del primals_45
            buf109 = buf106; del buf106  # reuse
            # Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_46, buf109, 768, stream=stream0)
            del primals_46
            buf110 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_15, linear_12, linear_14], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf109, reinterpret_tensor(buf101, (4096, 768), (768, 1), 0), reinterpret_tensor(buf108, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf110)
            buf111 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf618 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_12, view_6, query_layer_2, attn_output_6, permute_454, convert_element_type_1269], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf104, buf111, buf618, 3145728, stream=stream0)
            buf112 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf619 = reinterpret_tensor(buf104, (192, 256, 64), (16384, 1, 256), 0); del buf104  # reuse
            # Topologically Sorted Source Nodes: [linear_13, view_7, key_layer_2, attn_output_6, permute_455, convert_element_type_1272], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf107, buf112, buf619, 3145728, stream=stream0)
            buf113 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_12, view_6, query_layer_2, linear_13, view_7, key_layer_2, attn_output_6], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf111, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf112, (192, 64, 256), (16384, 256, 1), 0), out=buf113)
            buf117 = reinterpret_tensor(buf113, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf113  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_6], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf117, buf9, 49152, 256, stream=stream0)
            buf118 = reinterpret_tensor(buf112, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf112  # reuse
            buf617 = reinterpret_tensor(buf107, (192, 64, 256), (16384, 1, 64), 0); del buf107  # reuse
            # Topologically Sorted Source Nodes: [linear_14, view_8, value_layer_2, attn_output_6, permute_453, convert_element_type_1262], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf110, buf118, buf617, 3145728, stream=stream0)
            buf119 = reinterpret_tensor(buf111, (192, 256, 64), (16384, 64, 1), 0); del buf111  # reuse
            # Topologically Sorted Source Nodes: [linear_14, view_8, value_layer_2, attn_output_6], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf117, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf118, (192, 256, 64), (16384, 64, 1), 0), out=buf119)
            buf120 = reinterpret_tensor(buf110, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf110  # reuse
            # Topologically Sorted Source Nodes: [attn_output_6, transpose_11, attn_output_7], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf119, buf120, 3145728, stream=stream0)
            buf121 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_16], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_47, buf121, 589824, stream=stream0)
            del primals_47
            buf122 = buf109; del buf109  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_16], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_48, buf122, 768, stream=stream0)
            del primals_48
            buf123 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_6, transpose_11, attn_output_7, reshape_2, hidden_states_16], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf122, reinterpret_tensor(buf120, (4096, 768), (768, 1), 0), reinterpret_tensor(buf121, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf123)
            buf125 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf126 = reinterpret_tensor(buf119, (16, 256, 768), (196608, 768, 1), 0); del buf119  # reuse
            buf130 = buf126; del buf126  # reuse
            buf131 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf616 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_15, hidden_states_16, hidden_states_17, add_8, hidden_states_18, hidden_states_19, div_34], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf130, buf6, buf123, buf100, primals_39, primals_40, primals_49, primals_50, buf125, buf131, buf616, 5, 4096, 768, stream=stream0)
            del primals_40
            buf132 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_19], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_51, buf132, 2359296, stream=stream0)
            del primals_51
            buf133 = buf88; del buf88  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_19], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_52, buf133, 3072, stream=stream0)
            del primals_52
            buf134 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_18, hidden_states_19], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf133, reinterpret_tensor(buf131, (4096, 768), (768, 1), 0), reinterpret_tensor(buf132, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf134)
            buf135 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_19, hidden_states_20], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf134, buf135, 12582912, stream=stream0)
            buf136 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_21], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_53, buf136, 2359296, stream=stream0)
            del primals_53
            buf137 = buf122; del buf122  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_21], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_54, buf137, 768, stream=stream0)
            del primals_54
            buf138 = buf123; del buf123  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_19, hidden_states_20, hidden_states_21], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf137, reinterpret_tensor(buf135, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf136, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf138)
            buf140 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf141 = reinterpret_tensor(buf118, (16, 256, 768), (196608, 768, 1), 0); del buf118  # reuse
            buf145 = buf141; del buf141  # reuse
            buf146 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf615 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_18, hidden_states_21, hidden_states_22, add_9, hidden_states_23, linear_18, div_33], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf145, buf6, buf138, buf130, primals_49, primals_50, primals_55, primals_56, buf140, buf146, buf615, 6, 4096, 768, stream=stream0)
            del primals_50
            buf147 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_57, buf147, 589824, stream=stream0)
            del primals_57
            buf148 = buf137; del buf137  # reuse
            # Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_58, buf148, 768, stream=stream0)
            del primals_58
            buf149 = buf138; del buf138  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_23, linear_18], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf148, reinterpret_tensor(buf146, (4096, 768), (768, 1), 0), reinterpret_tensor(buf147, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf149)
            buf150 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_59, buf150, 589824, stream=stream0)
            del primals_59
            buf151 = buf148; del buf148  # reuse
            # Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_60, buf151, 768, stream=stream0)
            del primals_60
            buf152 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_23, linear_18, linear_19], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf151, reinterpret_tensor(buf146, (4096, 768), (768, 1), 0), reinterpret_tensor(buf150, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf152)
            buf153 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_20], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_61, buf153, 589824, stream=stream0)
            del primals_61
            buf154 = buf151; del buf151  # reuse
            # Topologically Sorted Source Nodes: [linear_20], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_62, buf154, 768, stream=stream0)
            del primals_62
            buf155 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_23, linear_18, linear_20], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf154, reinterpret_tensor(buf146, (4096, 768), (768, 1), 0), reinterpret_tensor(buf153, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf155)
            buf156 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf613 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_18, view_9, query_layer_3, attn_output_9, permute_421, convert_element_type_1192], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf149, buf156, buf613, 3145728, stream=stream0)
            buf157 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf614 = reinterpret_tensor(buf149, (192, 256, 64), (16384, 1, 256), 0); del buf149  # reuse
            # Topologically Sorted Source Nodes: [linear_19, view_10, key_layer_3, attn_output_9, permute_422, convert_element_type_1195], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf152, buf157, buf614, 3145728, stream=stream0)
            buf158 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_18, view_9, query_layer_3, linear_19, view_10, key_layer_3, attn_output_9], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf156, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf157, (192, 64, 256), (16384, 256, 1), 0), out=buf158)
            buf162 = reinterpret_tensor(buf158, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf158  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_9], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf162, buf9, 49152, 256, stream=stream0)
            buf163 = reinterpret_tensor(buf157, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf157  # reuse
            buf612 = reinterpret_tensor(buf152, (192, 64, 256), (16384, 1, 64), 0); del buf152  # reuse
            # Topologically Sorted Source Nodes: [linear_20, view_11, value_layer_3, attn_output_9, permute_420, convert_element_type_1185], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf155, buf163, buf612, 3145728, stream=stream0)
            buf164 = reinterpret_tensor(buf156, (192, 256, 64), (16384, 64, 1), 0); del buf156  # reuse
            # Topologically Sorted Source Nodes: [linear_20, view_11, value_layer_3, attn_output_9], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf162, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf163, (192, 256, 64), (16384, 64, 1), 0), out=buf164)
            buf165 = reinterpret_tensor(buf155, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf155  # reuse
            # Topologically Sorted Source Nodes: [attn_output_9, transpose_15, attn_output_10], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf164, buf165, 3145728, stream=stream0)
            buf166 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_63, buf166, 589824, stream=stream0)
            del primals_63
            buf167 = buf154; del buf154  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_64, buf167, 768, stream=stream0)
            del primals_64
            buf168 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_9, transpose_15, attn_output_10, reshape_3, hidden_states_24], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf167, reinterpret_tensor(buf165, (4096, 768), (768, 1), 0), reinterpret_tensor(buf166, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf168)
            buf170 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf171 = reinterpret_tensor(buf164, (16, 256, 768), (196608, 768, 1), 0); del buf164  # reuse
            buf175 = buf171; del buf171  # reuse
            buf176 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf611 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_23, hidden_states_24, hidden_states_25, add_10, hidden_states_26, hidden_states_27, div_32], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf175, buf6, buf168, buf145, primals_55, primals_56, primals_65, primals_66, buf170, buf176, buf611, 7, 4096, 768, stream=stream0)
            del primals_56
            buf177 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_27], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_67, buf177, 2359296, stream=stream0)
            del primals_67
            buf178 = buf133; del buf133  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_27], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_68, buf178, 3072, stream=stream0)
            del primals_68
            buf179 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_26, hidden_states_27], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf178, reinterpret_tensor(buf176, (4096, 768), (768, 1), 0), reinterpret_tensor(buf177, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf179)
            buf180 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_27, hidden_states_28], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf179, buf180, 12582912, stream=stream0)
            buf181 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_29], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_69, buf181, 2359296, stream=stream0)
            del primals_69
            buf182 = buf167; del buf167  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_29], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_70, buf182, 768, stream=stream0)
            del primals_70
            buf183 = buf168; del buf168  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_27, hidden_states_28, hidden_states_29], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf182, reinterpret_tensor(buf180, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf181, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf183)
            buf185 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf186 = reinterpret_tensor(buf163, (16, 256, 768), (196608, 768, 1), 0); del buf163  # reuse
            buf190 = buf186; del buf186  # reuse
            buf191 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf610 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_26, hidden_states_29, hidden_states_30, add_11, hidden_states_31, linear_24, div_31], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf190, buf6, buf183, buf175, primals_65, primals_66, primals_71, primals_72, buf185, buf191, buf610, 8, 4096, 768, stream=stream0)
            del primals_66
            buf192 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_73, buf192, 589824, stream=stream0)
            del primals_73
            buf193 = buf182; del buf182  # reuse
            # Topologically Sorted Source Nodes: [linear_24], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_74, buf193, 768, stream=stream0)
            del primals_74
            buf194 = buf183; del buf183  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_31, linear_24], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf193, reinterpret_tensor(buf191, (4096, 768), (768, 1), 0), reinterpret_tensor(buf192, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf194)
            buf195 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_25], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_75, buf195, 589824, stream=stream0)
            del primals_75
            buf196 = buf193; del buf193  # reuse
            # Topologically Sorted Source Nodes: [linear_25], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_76, buf196, 768, stream=stream0)
            del primals_76
            buf197 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_31, linear_24, linear_25], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf196, reinterpret_tensor(buf191, (4096, 768), (768, 1), 0), reinterpret_tensor(buf195, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf197)
            buf198 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_77, buf198, 589824, stream=stream0)
            del primals_77
            buf199 = buf196; del buf196  # reuse
            # Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_78, buf199, 768, stream=stream0)
            del primals_78
            buf200 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_31, linear_24, linear_26], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf199, reinterpret_tensor(buf191, (4096, 768), (768, 1), 0), reinterpret_tensor(buf198, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf200)
            buf201 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf608 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_24, view_12, query_layer_4, attn_output_12, permute_388, convert_element_type_1115], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf194, buf201, buf608, 3145728, stream=stream0)
            buf202 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf609 = reinterpret_tensor(buf194, (192, 256, 64), (16384, 1, 256), 0); del buf194  # reuse
            # Topologically Sorted Source Nodes: [linear_25, view_13, key_layer_4, attn_output_12, permute_389, convert_element_type_1118], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf197, buf202, buf609, 3145728, stream=stream0)
            buf203 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_24, view_12, query_layer_4, linear_25, view_13, key_layer_4, attn_output_12], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf201, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf202, (192, 64, 256), (16384, 256, 1), 0), out=buf203)
            buf207 = reinterpret_tensor(buf203, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf203  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_12], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf207, buf9, 49152, 256, stream=stream0)
            buf208 = reinterpret_tensor(buf202, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf202  # reuse
            buf607 = reinterpret_tensor(buf197, (192, 64, 256), (16384, 1, 64), 0); del buf197  # reuse
            # Topologically Sorted Source Nodes: [linear_26, view_14, value_layer_4, attn_output_12, permute_387, convert_element_type_1108], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf200, buf208, buf607, 3145728, stream=stream0)
            buf209 = reinterpret_tensor(buf201, (192, 256, 64), (16384, 64, 1), 0); del buf201  # reuse
            # Topologically Sorted Source Nodes: [linear_26, view_14, value_layer_4, attn_output_12], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf207, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf208, (192, 256, 64), (16384, 64, 1), 0), out=buf209)
            buf210 = reinterpret_tensor(buf200, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf200  # reuse
            # Topologically Sorted Source Nodes: [attn_output_12, transpose_19, attn_output_13], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf209, buf210, 3145728, stream=stream0)
            buf211 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_79, buf211, 589824, stream=stream0)
            del primals_79
            buf212 = buf199; del buf199  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_80, buf212, 768, stream=stream0)
            del primals_80
            buf213 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_12, transpose_19, attn_output_13, reshape_4, hidden_states_32], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf212, reinterpret_tensor(buf210, (4096, 768), (768, 1), 0), reinterpret_tensor(buf211, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf213)
            buf215 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf216 = reinterpret_tensor(buf209, (16, 256, 768), (196608, 768, 1), 0); del buf209  # reuse
            buf220 = buf216; del buf216  # reuse
            buf221 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf606 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_31, hidden_states_32, hidden_states_33, add_12, hidden_states_34, hidden_states_35, div_30], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf220, buf6, buf213, buf190, primals_71, primals_72, primals_81, primals_82, buf215, buf221, buf606, 9, 4096, 768, stream=stream0)
            del primals_72
            buf222 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_35], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_83, buf222, 2359296, stream=stream0)
            del primals_83
            buf223 = buf178; del buf178  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_35], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_84, buf223, 3072, stream=stream0)
            del primals_84
            buf224 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_34, hidden_states_35], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf223, reinterpret_tensor(buf221, (4096, 768), (768, 1), 0), reinterpret_tensor(buf222, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf224)
            buf225 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_35, hidden_states_36], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf224, buf225, 12582912, stream=stream0)
            buf226 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_37], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_85, buf226, 2359296, stream=stream0)
            del primals_85
            buf227 = buf212; del buf212  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_37], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_86, buf227, 768, stream=stream0)
            del primals_86
            buf228 = buf213; del buf213  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_35, hidden_states_36, hidden_states_37], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf227, reinterpret_tensor(buf225, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf226, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf228)
            buf230 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf231 = reinterpret_tensor(buf208, (16, 256, 768), (196608, 768, 1), 0); del buf208  # reuse
            buf235 = buf231; del buf231  # reuse
            buf236 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf605 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_34, hidden_states_37, hidden_states_38, add_13, hidden_states_39, linear_30, div_29], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf235, buf6, buf228, buf220, primals_81, primals_82, primals_87, primals_88, buf230, buf236, buf605, 10, 4096, 768, stream=stream0)
            del primals_82
            buf237 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_30], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_89, buf237, 589824, stream=stream0)
            del primals_89
            buf238 = buf227; del buf227  # reuse
            # Topologically Sorted Source Nodes: [linear_30], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_90, buf238, 768, stream=stream0)
            del primals_90
            buf239 = buf228; del buf228  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_39, linear_30], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf238, reinterpret_tensor(buf236, (4096, 768), (768, 1), 0), reinterpret_tensor(buf237, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf239)
            buf240 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_31], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_91, buf240, 589824, stream=stream0)
            del primals_91
            buf241 = buf238; del buf238  # reuse
            # Topologically Sorted Source Nodes: [linear_31], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_92, buf241, 768, stream=stream0)
            del primals_92
            buf242 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_39, linear_30, linear_31], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf241, reinterpret_tensor(buf236, (4096, 768), (768, 1), 0), reinterpret_tensor(buf240, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf242)
            buf243 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_93, buf243, 589824, stream=stream0)
            del primals_93
            buf244 = buf241; del buf241  # reuse
            # Topologically Sorted Source Nodes: [linear_32], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_94, buf244, 768, stream=stream0)
            del primals_94
            buf245 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_39, linear_30, linear_32], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf244, reinterpret_tensor(buf236, (4096, 768), (768, 1), 0), reinterpret_tensor(buf243, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf245)
            buf246 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf603 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_30, view_15, query_layer_5, attn_output_15, permute_355, convert_element_type_1038], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf239, buf246, buf603, 3145728, stream=stream0)
            buf247 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf604 = reinterpret_tensor(buf239, (192, 256, 64), (16384, 1, 256), 0); del buf239  # reuse
            # Topologically Sorted Source Nodes: [linear_31, view_16, key_layer_5, attn_output_15, permute_356, convert_element_type_1041], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf242, buf247, buf604, 3145728, stream=stream0)
            buf248 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_30, view_15, query_layer_5, linear_31, view_16, key_layer_5, attn_output_15], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf246, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf247, (192, 64, 256), (16384, 256, 1), 0), out=buf248)
            buf252 = reinterpret_tensor(buf248, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf248  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_15], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf252, buf9, 49152, 256, stream=stream0)
            buf253 = reinterpret_tensor(buf247, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf247  # reuse
            buf602 = reinterpret_tensor(buf242, (192, 64, 256), (16384, 1, 64), 0); del buf242  # reuse
            # Topologically Sorted Source Nodes: [linear_32, view_17, value_layer_5, attn_output_15, permute_354, convert_element_type_1031], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf245, buf253, buf602, 3145728, stream=stream0)
            buf254 = reinterpret_tensor(buf246, (192, 256, 64), (16384, 64, 1), 0); del buf246  # reuse
            # Topologically Sorted Source Nodes: [linear_32, view_17, value_layer_5, attn_output_15], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf252, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf253, (192, 256, 64), (16384, 64, 1), 0), out=buf254)
            buf255 = reinterpret_tensor(buf245, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf245  # reuse
            # Topologically Sorted Source Nodes: [attn_output_15, transpose_23, attn_output_16], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf254, buf255, 3145728, stream=stream0)
            buf256 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_40], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_95, buf256, 589824, stream=stream0)
            del primals_95
            buf257 = buf244; del buf244  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_40], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_96, buf257, 768, stream=stream0)
            del primals_96
            buf258 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_15, transpose_23, attn_output_16, reshape_5, hidden_states_40], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf257, reinterpret_tensor(buf255, (4096, 768), (768, 1), 0), reinterpret_tensor(buf256, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf258)
            buf260 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf261 = reinterpret_tensor(buf254, (16, 256, 768), (196608, 768, 1), 0); del buf254  # reuse
            buf265 = buf261; del buf261  # reuse
            buf266 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf601 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_39, hidden_states_40, hidden_states_41, add_14, hidden_states_42, hidden_states_43, div_28], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf265, buf6, buf258, buf235, primals_87, primals_88, primals_97, primals_98, buf260, buf266, buf601, 11, 4096, 768, stream=stream0)
            del primals_88
            buf267 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_43], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_99, buf267, 2359296, stream=stream0)
            del primals_99
            buf268 = buf223; del buf223  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_43], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_100, buf268, 3072, stream=stream0)
            del primals_100
            buf269 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_42, hidden_states_43], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf268, reinterpret_tensor(buf266, (4096, 768), (768, 1), 0), reinterpret_tensor(buf267, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf269)
            buf270 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_43, hidden_states_44], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf269, buf270, 12582912, stream=stream0)
            buf271 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_45], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_101, buf271, 2359296, stream=stream0)
            del primals_101
            buf272 = buf257; del buf257  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_45], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_102, buf272, 768, stream=stream0)
            del primals_102
            buf273 = buf258; del buf258  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_43, hidden_states_44, hidden_states_45], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf272, reinterpret_tensor(buf270, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf271, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf273)
            buf275 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf276 = reinterpret_tensor(buf253, (16, 256, 768), (196608, 768, 1), 0); del buf253  # reuse
            buf280 = buf276; del buf276  # reuse
            buf281 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf600 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_42, hidden_states_45, hidden_states_46, add_15, hidden_states_47, linear_36, div_27], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf280, buf6, buf273, buf265, primals_97, primals_98, primals_103, primals_104, buf275, buf281, buf600, 12, 4096, 768, stream=stream0)
            del primals_98
            buf282 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_36], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_105, buf282, 589824, stream=stream0)
            del primals_105
            buf283 = buf272; del buf272  # reuse
            # Topologically Sorted Source Nodes: [linear_36], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_106, buf283, 768, stream=stream0)
            del primals_106
            buf284 = buf273; del buf273  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_47, linear_36], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf283, reinterpret_tensor(buf281, (4096, 768), (768, 1), 0), reinterpret_tensor(buf282, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf284)
            buf285 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_37], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_107, buf285, 589824, stream=stream0)
            del primals_107
            buf286 = buf283; del buf283  # reuse
            # Topologically Sorted Source Nodes: [linear_37], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_108, buf286, 768, stream=stream0)
            del primals_108
            buf287 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_47, linear_36, linear_37], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf286, reinterpret_tensor(buf281, (4096, 768), (768, 1), 0), reinterpret_tensor(buf285, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf287)
            buf288 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_38], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_109, buf288, 589824, stream=stream0)
            del primals_109
            buf289 = buf286; del buf286  # reuse
            # Topologically Sorted Source Nodes: [linear_38], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_110, buf289, 768, stream=stream0)
            del primals_110
            buf290 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_47, linear_36, linear_38], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf289, reinterpret_tensor(buf281, (4096, 768), (768, 1), 0), reinterpret_tensor(buf288, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf290)
            buf291 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf598 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_36, view_18, query_layer_6, attn_output_18, permute_322, convert_element_type_961], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf284, buf291, buf598, 3145728, stream=stream0)
            buf292 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf599 = reinterpret_tensor(buf284, (192, 256, 64), (16384, 1, 256), 0); del buf284  # reuse
            # Topologically Sorted Source Nodes: [linear_37, view_19, key_layer_6, attn_output_18, permute_323, convert_element_type_964], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf287, buf292, buf599, 3145728, stream=stream0)
            buf293 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_36, view_18, query_layer_6, linear_37, view_19, key_layer_6, attn_output_18], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf291, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf292, (192, 64, 256), (16384, 256, 1), 0), out=buf293)
            buf297 = reinterpret_tensor(buf293, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf293  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_18], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf297, buf9, 49152, 256, stream=stream0)
            buf298 = reinterpret_tensor(buf292, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf292  # reuse
            buf597 = reinterpret_tensor(buf287, (192, 64, 256), (16384, 1, 64), 0); del buf287  # reuse
            # Topologically Sorted Source Nodes: [linear_38, view_20, value_layer_6, attn_output_18, permute_321, convert_element_type_954], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf290, buf298, buf597, 3145728, stream=stream0)
            buf299 = reinterpret_tensor(buf291, (192, 256, 64), (16384, 64, 1), 0); del buf291  # reuse
            # Topologically Sorted Source Nodes: [linear_38, view_20, value_layer_6, attn_output_18], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf297, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf298, (192, 256, 64), (16384, 64, 1), 0), out=buf299)
            buf300 = reinterpret_tensor(buf290, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf290  # reuse
            # Topologically Sorted Source Nodes: [attn_output_18, transpose_27, attn_output_19], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf299, buf300, 3145728, stream=stream0)
            buf301 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_111, buf301, 589824, stream=stream0)
            del primals_111
            buf302 = buf289; del buf289  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_112, buf302, 768, stream=stream0)
            del primals_112
            buf303 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_18, transpose_27, attn_output_19, reshape_6, hidden_states_48], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf302, reinterpret_tensor(buf300, (4096, 768), (768, 1), 0), reinterpret_tensor(buf301, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf303)
            buf305 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf306 = reinterpret_tensor(buf299, (16, 256, 768), (196608, 768, 1), 0); del buf299  # reuse
            buf310 = buf306; del buf306  # reuse
            buf311 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf596 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_47, hidden_states_48, hidden_states_49, add_16, hidden_states_50, hidden_states_51, div_26], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf310, buf6, buf303, buf280, primals_103, primals_104, primals_113, primals_114, buf305, buf311, buf596, 13, 4096, 768, stream=stream0)
            del primals_104
            buf312 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_51], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_115, buf312, 2359296, stream=stream0)
            del primals_115
            buf313 = buf268; del buf268  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_51], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_116, buf313, 3072, stream=stream0)
            del primals_116
            buf314 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_50, hidden_states_51], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf313, reinterpret_tensor(buf311, (4096, 768), (768, 1), 0), reinterpret_tensor(buf312, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf314)
            buf315 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_51, hidden_states_52], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf314, buf315, 12582912, stream=stream0)
            buf316 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_53], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_117, buf316, 2359296, stream=stream0)
            del primals_117
            buf317 = buf302; del buf302  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_53], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_118, buf317, 768, stream=stream0)
            del primals_118
            buf318 = buf303; del buf303  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_51, hidden_states_52, hidden_states_53], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf317, reinterpret_tensor(buf315, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf316, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf318)
            buf320 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf321 = reinterpret_tensor(buf298, (16, 256, 768), (196608, 768, 1), 0); del buf298  # reuse
            buf325 = buf321; del buf321  # reuse
            buf326 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf595 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_50, hidden_states_53, hidden_states_54, add_17, hidden_states_55, linear_42, div_25], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf325, buf6, buf318, buf310, primals_113, primals_114, primals_119, primals_120, buf320, buf326, buf595, 14, 4096, 768, stream=stream0)
            del primals_114
            buf327 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_42], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_121, buf327, 589824, stream=stream0)
            del primals_121
            buf328 = buf317; del buf317  # reuse
            # Topologically Sorted Source Nodes: [linear_42], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_122, buf328, 768, stream=stream0)
            del primals_122
            buf329 = buf318; del buf318  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_55, linear_42], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf328, reinterpret_tensor(buf326, (4096, 768), (768, 1), 0), reinterpret_tensor(buf327, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf329)
            buf330 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_43], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_123, buf330, 589824, stream=stream0)
            del primals_123
            buf331 = buf328; del buf328  # reuse
            # Topologically Sorted Source Nodes: [linear_43], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_124, buf331, 768, stream=stream0)
            del primals_124
            buf332 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_55, linear_42, linear_43], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf331, reinterpret_tensor(buf326, (4096, 768), (768, 1), 0), reinterpret_tensor(buf330, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf332)
            buf333 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_44], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_125, buf333, 589824, stream=stream0)
            del primals_125
            buf334 = buf331; del buf331  # reuse
            # Topologically Sorted Source Nodes: [linear_44], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_126, buf334, 768, stream=stream0)
            del primals_126
            buf335 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_55, linear_42, linear_44], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf334, reinterpret_tensor(buf326, (4096, 768), (768, 1), 0), reinterpret_tensor(buf333, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf335)
            buf336 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf593 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_42, view_21, query_layer_7, attn_output_21, permute_289, convert_element_type_884], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf329, buf336, buf593, 3145728, stream=stream0)
            buf337 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf594 = reinterpret_tensor(buf329, (192, 256, 64), (16384, 1, 256), 0); del buf329  # reuse
            # Topologically Sorted Source Nodes: [linear_43, view_22, key_layer_7, attn_output_21, permute_290, convert_element_type_887], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf332, buf337, buf594, 3145728, stream=stream0)
            buf338 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_42, view_21, query_layer_7, linear_43, view_22, key_layer_7, attn_output_21], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf336, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf337, (192, 64, 256), (16384, 256, 1), 0), out=buf338)
            buf342 = reinterpret_tensor(buf338, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf338  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_21], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf342, buf9, 49152, 256, stream=stream0)
            buf343 = reinterpret_tensor(buf337, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf337  # reuse
            buf592 = reinterpret_tensor(buf332, (192, 64, 256), (16384, 1, 64), 0); del buf332  # reuse
            # Topologically Sorted Source Nodes: [linear_44, view_23, value_layer_7, attn_output_21, permute_288, convert_element_type_877], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf335, buf343, buf592, 3145728, stream=stream0)
            buf344 = reinterpret_tensor(buf336, (192, 256, 64), (16384, 64, 1), 0); del buf336  # reuse
            # Topologically Sorted Source Nodes: [linear_44, view_23, value_layer_7, attn_output_21], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf342, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf343, (192, 256, 64), (16384, 64, 1), 0), out=buf344)
            buf345 = reinterpret_tensor(buf335, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf335  # reuse
            # Topologically Sorted Source Nodes: [attn_output_21, transpose_31, attn_output_22], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf344, buf345, 3145728, stream=stream0)
            buf346 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_127, buf346, 589824, stream=stream0)
            del primals_127
            buf347 = buf334; del buf334  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_128, buf347, 768, stream=stream0)
            del primals_128
            buf348 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_21, transpose_31, attn_output_22, reshape_7, hidden_states_56], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf347, reinterpret_tensor(buf345, (4096, 768), (768, 1), 0), reinterpret_tensor(buf346, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf348)
            buf350 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf351 = reinterpret_tensor(buf344, (16, 256, 768), (196608, 768, 1), 0); del buf344  # reuse
            buf355 = buf351; del buf351  # reuse
            buf356 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf591 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_55, hidden_states_56, hidden_states_57, add_18, hidden_states_58, hidden_states_59, div_24], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf355, buf6, buf348, buf325, primals_119, primals_120, primals_129, primals_130, buf350, buf356, buf591, 15, 4096, 768, stream=stream0)
            del primals_120
            buf357 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_59], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_131, buf357, 2359296, stream=stream0)
            del primals_131
            buf358 = buf313; del buf313  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_59], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_132, buf358, 3072, stream=stream0)
            del primals_132
            buf359 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_58, hidden_states_59], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf358, reinterpret_tensor(buf356, (4096, 768), (768, 1), 0), reinterpret_tensor(buf357, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf359)
            buf360 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_59, hidden_states_60], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf359, buf360, 12582912, stream=stream0)
            buf361 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_61], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_133, buf361, 2359296, stream=stream0)
            del primals_133
            buf362 = buf347; del buf347  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_61], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_134, buf362, 768, stream=stream0)
            del primals_134
            buf363 = buf348; del buf348  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_59, hidden_states_60, hidden_states_61], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf362, reinterpret_tensor(buf360, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf361, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf363)
            buf365 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf366 = reinterpret_tensor(buf343, (16, 256, 768), (196608, 768, 1), 0); del buf343  # reuse
            buf370 = buf366; del buf366  # reuse
            buf371 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf590 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_58, hidden_states_61, hidden_states_62, add_19, hidden_states_63, linear_48, div_23], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf370, buf6, buf363, buf355, primals_129, primals_130, primals_135, primals_136, buf365, buf371, buf590, 16, 4096, 768, stream=stream0)
            del primals_130
            buf372 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_137, buf372, 589824, stream=stream0)
            del primals_137
            buf373 = buf362; del buf362  # reuse
            # Topologically Sorted Source Nodes: [linear_48], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_138, buf373, 768, stream=stream0)
            del primals_138
            buf374 = buf363; del buf363  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_63, linear_48], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf373, reinterpret_tensor(buf371, (4096, 768), (768, 1), 0), reinterpret_tensor(buf372, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf374)
            buf375 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_49], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_139, buf375, 589824, stream=stream0)
            del primals_139
            buf376 = buf373; del buf373  # reuse
            # Topologically Sorted Source Nodes: [linear_49], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_140, buf376, 768, stream=stream0)
            del primals_140
            buf377 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_63, linear_48, linear_49], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf376, reinterpret_tensor(buf371, (4096, 768), (768, 1), 0), reinterpret_tensor(buf375, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf377)
            buf378 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_50], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_141, buf378, 589824, stream=stream0)
            del primals_141
            buf379 = buf376; del buf376  # reuse
            # Topologically Sorted Source Nodes: [linear_50], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_142, buf379, 768, stream=stream0)
            del primals_142
            buf380 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_63, linear_48, linear_50], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf379, reinterpret_tensor(buf371, (4096, 768), (768, 1), 0), reinterpret_tensor(buf378, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf380)
            buf381 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf588 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_48, view_24, query_layer_8, attn_output_24, permute_256, convert_element_type_807], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf374, buf381, buf588, 3145728, stream=stream0)
            buf382 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf589 = reinterpret_tensor(buf374, (192, 256, 64), (16384, 1, 256), 0); del buf374  # reuse
            # Topologically Sorted Source Nodes: [linear_49, view_25, key_layer_8, attn_output_24, permute_257, convert_element_type_810], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf377, buf382, buf589, 3145728, stream=stream0)
            buf383 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_48, view_24, query_layer_8, linear_49, view_25, key_layer_8, attn_output_24], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf381, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf382, (192, 64, 256), (16384, 256, 1), 0), out=buf383)
            buf387 = reinterpret_tensor(buf383, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf383  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_24], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf387, buf9, 49152, 256, stream=stream0)
            buf388 = reinterpret_tensor(buf382, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf382  # reuse
            buf587 = reinterpret_tensor(buf377, (192, 64, 256), (16384, 1, 64), 0); del buf377  # reuse
            # Topologically Sorted Source Nodes: [linear_50, view_26, value_layer_8, attn_output_24, permute_255, convert_element_type_800], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf380, buf388, buf587, 3145728, stream=stream0)
            buf389 = reinterpret_tensor(buf381, (192, 256, 64), (16384, 64, 1), 0); del buf381  # reuse
            # Topologically Sorted Source Nodes: [linear_50, view_26, value_layer_8, attn_output_24], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf387, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf388, (192, 256, 64), (16384, 64, 1), 0), out=buf389)
            buf390 = reinterpret_tensor(buf380, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf380  # reuse
            # Topologically Sorted Source Nodes: [attn_output_24, transpose_35, attn_output_25], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf389, buf390, 3145728, stream=stream0)
            buf391 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_64], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_143, buf391, 589824, stream=stream0)
            del primals_143
            buf392 = buf379; del buf379  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_64], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_144, buf392, 768, stream=stream0)
            del primals_144
            buf393 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_24, transpose_35, attn_output_25, reshape_8, hidden_states_64], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf392, reinterpret_tensor(buf390, (4096, 768), (768, 1), 0), reinterpret_tensor(buf391, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf393)
            buf395 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf396 = reinterpret_tensor(buf389, (16, 256, 768), (196608, 768, 1), 0); del buf389  # reuse
            buf400 = buf396; del buf396  # reuse
            buf401 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf586 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_63, hidden_states_64, hidden_states_65, add_20, hidden_states_66, hidden_states_67, div_22], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf400, buf6, buf393, buf370, primals_135, primals_136, primals_145, primals_146, buf395, buf401, buf586, 17, 4096, 768, stream=stream0)
            del primals_136
            buf402 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_67], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_147, buf402, 2359296, stream=stream0)
            del primals_147
            buf403 = buf358; del buf358  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_67], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_148, buf403, 3072, stream=stream0)
            del primals_148
            buf404 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_66, hidden_states_67], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf403, reinterpret_tensor(buf401, (4096, 768), (768, 1), 0), reinterpret_tensor(buf402, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf404)
            buf405 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_67, hidden_states_68], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf404, buf405, 12582912, stream=stream0)
            buf406 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_69], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_149, buf406, 2359296, stream=stream0)
            del primals_149
            buf407 = buf392; del buf392  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_69], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_150, buf407, 768, stream=stream0)
            del primals_150
            buf408 = buf393; del buf393  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_67, hidden_states_68, hidden_states_69], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf407, reinterpret_tensor(buf405, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf406, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf408)
            buf410 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf411 = reinterpret_tensor(buf388, (16, 256, 768), (196608, 768, 1), 0); del buf388  # reuse
            buf415 = buf411; del buf411  # reuse
            buf416 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf585 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_66, hidden_states_69, hidden_states_70, add_21, hidden_states_71, linear_54, div_21], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf415, buf6, buf408, buf400, primals_145, primals_146, primals_151, primals_152, buf410, buf416, buf585, 18, 4096, 768, stream=stream0)
            del primals_146
            buf417 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_54], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_153, buf417, 589824, stream=stream0)
            del primals_153
            buf418 = buf407; del buf407  # reuse
            # Topologically Sorted Source Nodes: [linear_54], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_154, buf418, 768, stream=stream0)
            del primals_154
            buf419 = buf408; del buf408  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_71, linear_54], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf418, reinterpret_tensor(buf416, (4096, 768), (768, 1), 0), reinterpret_tensor(buf417, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf419)
            buf420 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_55], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_155, buf420, 589824, stream=stream0)
            del primals_155
            buf421 = buf418; del buf418  # reuse
            # Topologically Sorted Source Nodes: [linear_55], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_156, buf421, 768, stream=stream0)
            del primals_156
            buf422 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_71, linear_54, linear_55], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf421, reinterpret_tensor(buf416, (4096, 768), (768, 1), 0), reinterpret_tensor(buf420, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf422)
            buf423 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_157, buf423, 589824, stream=stream0)
            del primals_157
            buf424 = buf421; del buf421  # reuse
            # Topologically Sorted Source Nodes: [linear_56], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_158, buf424, 768, stream=stream0)
            del primals_158
            buf425 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_71, linear_54, linear_56], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf424, reinterpret_tensor(buf416, (4096, 768), (768, 1), 0), reinterpret_tensor(buf423, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf425)
            buf426 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf583 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_54, view_27, query_layer_9, attn_output_27, permute_223, convert_element_type_730], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf419, buf426, buf583, 3145728, stream=stream0)
            buf427 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf584 = reinterpret_tensor(buf419, (192, 256, 64), (16384, 1, 256), 0); del buf419  # reuse
            # Topologically Sorted Source Nodes: [linear_55, view_28, key_layer_9, attn_output_27, permute_224, convert_element_type_733], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf422, buf427, buf584, 3145728, stream=stream0)
            buf428 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_54, view_27, query_layer_9, linear_55, view_28, key_layer_9, attn_output_27], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf426, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf427, (192, 64, 256), (16384, 256, 1), 0), out=buf428)
            buf432 = reinterpret_tensor(buf428, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf428  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_27], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf432, buf9, 49152, 256, stream=stream0)
            buf433 = reinterpret_tensor(buf427, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf427  # reuse
            buf582 = reinterpret_tensor(buf422, (192, 64, 256), (16384, 1, 64), 0); del buf422  # reuse
            # Topologically Sorted Source Nodes: [linear_56, view_29, value_layer_9, attn_output_27, permute_222, convert_element_type_723], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf425, buf433, buf582, 3145728, stream=stream0)
            buf434 = reinterpret_tensor(buf426, (192, 256, 64), (16384, 64, 1), 0); del buf426  # reuse
            # Topologically Sorted Source Nodes: [linear_56, view_29, value_layer_9, attn_output_27], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf432, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf433, (192, 256, 64), (16384, 64, 1), 0), out=buf434)
            buf435 = reinterpret_tensor(buf425, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf425  # reuse
            # Topologically Sorted Source Nodes: [attn_output_27, transpose_39, attn_output_28], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf434, buf435, 3145728, stream=stream0)
            buf436 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_72], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_159, buf436, 589824, stream=stream0)
            del primals_159
            buf437 = buf424; del buf424  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_72], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_160, buf437, 768, stream=stream0)
            del primals_160
            buf438 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_27, transpose_39, attn_output_28, reshape_9, hidden_states_72], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf437, reinterpret_tensor(buf435, (4096, 768), (768, 1), 0), reinterpret_tensor(buf436, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf438)
            buf440 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf441 = reinterpret_tensor(buf434, (16, 256, 768), (196608, 768, 1), 0); del buf434  # reuse
            buf445 = buf441; del buf441  # reuse
            buf446 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf581 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_71, hidden_states_72, hidden_states_73, add_22, hidden_states_74, hidden_states_75, div_20], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf445, buf6, buf438, buf415, primals_151, primals_152, primals_161, primals_162, buf440, buf446, buf581, 19, 4096, 768, stream=stream0)
            del primals_152
            buf447 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_75], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_163, buf447, 2359296, stream=stream0)
            del primals_163
            buf448 = buf403; del buf403  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_75], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_164, buf448, 3072, stream=stream0)
            del primals_164
            buf449 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_74, hidden_states_75], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf448, reinterpret_tensor(buf446, (4096, 768), (768, 1), 0), reinterpret_tensor(buf447, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf449)
            buf450 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_75, hidden_states_76], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf449, buf450, 12582912, stream=stream0)
            buf451 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_77], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_165, buf451, 2359296, stream=stream0)
            del primals_165
            buf452 = buf437; del buf437  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_77], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_166, buf452, 768, stream=stream0)
            del primals_166
            buf453 = buf438; del buf438  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_75, hidden_states_76, hidden_states_77], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf452, reinterpret_tensor(buf450, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf451, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf453)
            buf455 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf456 = reinterpret_tensor(buf433, (16, 256, 768), (196608, 768, 1), 0); del buf433  # reuse
            buf460 = buf456; del buf456  # reuse
            buf461 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf580 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_74, hidden_states_77, hidden_states_78, add_23, hidden_states_79, linear_60, div_19], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf460, buf6, buf453, buf445, primals_161, primals_162, primals_167, primals_168, buf455, buf461, buf580, 20, 4096, 768, stream=stream0)
            del primals_162
            buf462 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_60], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_169, buf462, 589824, stream=stream0)
            del primals_169
            buf463 = buf452; del buf452  # reuse
            # Topologically Sorted Source Nodes: [linear_60], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_170, buf463, 768, stream=stream0)
            del primals_170
            buf464 = buf453; del buf453  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_79, linear_60], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf463, reinterpret_tensor(buf461, (4096, 768), (768, 1), 0), reinterpret_tensor(buf462, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf464)
            buf465 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_61], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_171, buf465, 589824, stream=stream0)
            del primals_171
            buf466 = buf463; del buf463  # reuse
            # Topologically Sorted Source Nodes: [linear_61], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_172, buf466, 768, stream=stream0)
            del primals_172
            buf467 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_79, linear_60, linear_61], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf466, reinterpret_tensor(buf461, (4096, 768), (768, 1), 0), reinterpret_tensor(buf465, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf467)
            buf468 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_62], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_173, buf468, 589824, stream=stream0)
            del primals_173
            buf469 = buf466; del buf466  # reuse
            # Topologically Sorted Source Nodes: [linear_62], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_174, buf469, 768, stream=stream0)
            del primals_174
            buf470 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_79, linear_60, linear_62], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf469, reinterpret_tensor(buf461, (4096, 768), (768, 1), 0), reinterpret_tensor(buf468, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf470)
            buf471 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf578 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_60, view_30, query_layer_10, attn_output_30, permute_190, convert_element_type_653], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf464, buf471, buf578, 3145728, stream=stream0)
            buf472 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf579 = reinterpret_tensor(buf464, (192, 256, 64), (16384, 1, 256), 0); del buf464  # reuse
            # Topologically Sorted Source Nodes: [linear_61, view_31, key_layer_10, attn_output_30, permute_191, convert_element_type_656], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf467, buf472, buf579, 3145728, stream=stream0)
            buf473 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_60, view_30, query_layer_10, linear_61, view_31, key_layer_10, attn_output_30], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf471, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf472, (192, 64, 256), (16384, 256, 1), 0), out=buf473)
            buf477 = reinterpret_tensor(buf473, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf473  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_30], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf477, buf9, 49152, 256, stream=stream0)
            buf478 = reinterpret_tensor(buf472, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf472  # reuse
            buf577 = reinterpret_tensor(buf467, (192, 64, 256), (16384, 1, 64), 0); del buf467  # reuse
            # Topologically Sorted Source Nodes: [linear_62, view_32, value_layer_10, attn_output_30, permute_189, convert_element_type_646], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf470, buf478, buf577, 3145728, stream=stream0)
            buf479 = reinterpret_tensor(buf471, (192, 256, 64), (16384, 64, 1), 0); del buf471  # reuse
            # Topologically Sorted Source Nodes: [linear_62, view_32, value_layer_10, attn_output_30], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf477, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf478, (192, 256, 64), (16384, 64, 1), 0), out=buf479)
            buf480 = reinterpret_tensor(buf470, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf470  # reuse
            # Topologically Sorted Source Nodes: [attn_output_30, transpose_43, attn_output_31], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf479, buf480, 3145728, stream=stream0)
            buf481 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_80], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_175, buf481, 589824, stream=stream0)
            del primals_175
            buf482 = buf469; del buf469  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_80], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_176, buf482, 768, stream=stream0)
            del primals_176
            buf483 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_30, transpose_43, attn_output_31, reshape_10, hidden_states_80], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf482, reinterpret_tensor(buf480, (4096, 768), (768, 1), 0), reinterpret_tensor(buf481, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf483)
            buf485 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf486 = reinterpret_tensor(buf479, (16, 256, 768), (196608, 768, 1), 0); del buf479  # reuse
            buf490 = buf486; del buf486  # reuse
            buf491 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf576 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_79, hidden_states_80, hidden_states_81, add_24, hidden_states_82, hidden_states_83, div_18], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf490, buf6, buf483, buf460, primals_167, primals_168, primals_177, primals_178, buf485, buf491, buf576, 21, 4096, 768, stream=stream0)
            del primals_168
            buf492 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_83], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_179, buf492, 2359296, stream=stream0)
            del primals_179
            buf493 = buf448; del buf448  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_83], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_180, buf493, 3072, stream=stream0)
            del primals_180
            buf494 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_82, hidden_states_83], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf493, reinterpret_tensor(buf491, (4096, 768), (768, 1), 0), reinterpret_tensor(buf492, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf494)
            buf495 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_83, hidden_states_84], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf494, buf495, 12582912, stream=stream0)
            buf496 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_85], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_181, buf496, 2359296, stream=stream0)
            del primals_181
            buf497 = buf482; del buf482  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_85], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_182, buf497, 768, stream=stream0)
            del primals_182
            buf498 = buf483; del buf483  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_83, hidden_states_84, hidden_states_85], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf497, reinterpret_tensor(buf495, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf496, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf498)
            buf500 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf501 = reinterpret_tensor(buf478, (16, 256, 768), (196608, 768, 1), 0); del buf478  # reuse
            buf505 = buf501; del buf501  # reuse
            buf506 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf575 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_82, hidden_states_85, hidden_states_86, add_25, hidden_states_87, linear_66, div_17], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf505, buf6, buf498, buf490, primals_177, primals_178, primals_183, primals_184, buf500, buf506, buf575, 22, 4096, 768, stream=stream0)
            del primals_178
            buf507 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_66], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_185, buf507, 589824, stream=stream0)
            del primals_185
            buf508 = buf497; del buf497  # reuse
            # Topologically Sorted Source Nodes: [linear_66], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_186, buf508, 768, stream=stream0)
            del primals_186
            buf509 = buf498; del buf498  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_87, linear_66], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf508, reinterpret_tensor(buf506, (4096, 768), (768, 1), 0), reinterpret_tensor(buf507, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf509)
            buf510 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_67], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_187, buf510, 589824, stream=stream0)
            del primals_187
            buf511 = buf508; del buf508  # reuse
            # Topologically Sorted Source Nodes: [linear_67], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_188, buf511, 768, stream=stream0)
            del primals_188
            buf512 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_87, linear_66, linear_67], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf511, reinterpret_tensor(buf506, (4096, 768), (768, 1), 0), reinterpret_tensor(buf510, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf512)
            buf513 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_68], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_189, buf513, 589824, stream=stream0)
            del primals_189
            buf514 = buf511; del buf511  # reuse
            # Topologically Sorted Source Nodes: [linear_68], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_190, buf514, 768, stream=stream0)
            del primals_190
            buf515 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_87, linear_66, linear_68], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf514, reinterpret_tensor(buf506, (4096, 768), (768, 1), 0), reinterpret_tensor(buf513, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf515)
            buf516 = empty_strided_cuda((16, 12, 256, 64), (196608, 16384, 64, 1), torch.float32)
            buf573 = empty_strided_cuda((192, 64, 256), (16384, 1, 64), torch.bfloat16)
            # Topologically Sorted Source Nodes: [linear_66, view_33, query_layer_11, attn_output_33, permute_157, convert_element_type_576], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_5.run(buf509, buf516, buf573, 3145728, stream=stream0)
            buf517 = empty_strided_cuda((16, 12, 64, 256), (196608, 16384, 256, 1), torch.float32)
            buf574 = reinterpret_tensor(buf509, (192, 256, 64), (16384, 1, 256), 0); del buf509  # reuse
            # Topologically Sorted Source Nodes: [linear_67, view_34, key_layer_11, attn_output_33, permute_158, convert_element_type_579], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_mul_transpose_view_6.run(buf512, buf517, buf574, 3145728, stream=stream0)
            buf518 = empty_strided_cuda((192, 256, 256), (65536, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_66, view_33, query_layer_11, linear_67, view_34, key_layer_11, attn_output_33], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.mul, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf516, (192, 256, 64), (16384, 64, 1), 0), reinterpret_tensor(buf517, (192, 64, 256), (16384, 256, 1), 0), out=buf518)
            buf522 = reinterpret_tensor(buf518, (16, 12, 256, 256), (786432, 65536, 256, 1), 0); del buf518  # reuse
            # Topologically Sorted Source Nodes: [attention_mask_1, attn_output, attn_output_33], Original ATen: [aten.expand, aten.scalar_tensor, aten.where, aten._safe_softmax, aten.view, aten.add, prims.prepare_softmax_online, aten.sub, aten.exp]
            stream0 = get_raw_stream(0)
            triton_per_fused__safe_softmax_add_exp_expand_prepare_softmax_online_scalar_tensor_sub_view_where_15.run(buf522, buf9, 49152, 256, stream=stream0)
            buf523 = reinterpret_tensor(buf517, (16, 12, 256, 64), (196608, 16384, 64, 1), 0); del buf517  # reuse
            buf572 = reinterpret_tensor(buf512, (192, 64, 256), (16384, 1, 64), 0); del buf512  # reuse
            # Topologically Sorted Source Nodes: [linear_68, view_35, value_layer_11, attn_output_33, permute_156, convert_element_type_569], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy__unsafe_view_clone_transpose_view_8.run(buf515, buf523, buf572, 3145728, stream=stream0)
            buf524 = reinterpret_tensor(buf516, (192, 256, 64), (16384, 64, 1), 0); del buf516  # reuse
            # Topologically Sorted Source Nodes: [linear_68, view_35, value_layer_11, attn_output_33], Original ATen: [aten.view, aten.transpose, aten._to_copy, aten.clone, aten._unsafe_view, aten.bmm]
            extern_kernels.bmm(reinterpret_tensor(buf522, (192, 256, 256), (65536, 256, 1), 0), reinterpret_tensor(buf523, (192, 256, 64), (16384, 64, 1), 0), out=buf524)
            buf525 = reinterpret_tensor(buf515, (16, 256, 12, 64), (196608, 768, 64, 1), 0); del buf515  # reuse
            # Topologically Sorted Source Nodes: [attn_output_33, transpose_47, attn_output_34], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_clone_transpose_view_9.run(buf524, buf525, 3145728, stream=stream0)
            buf526 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_88], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_191, buf526, 589824, stream=stream0)
            del primals_191
            buf527 = buf514; del buf514  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_88], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_192, buf527, 768, stream=stream0)
            del primals_192
            buf528 = empty_strided_cuda((4096, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [attn_output_33, transpose_47, attn_output_34, reshape_11, hidden_states_88], Original ATen: [aten.view, aten._to_copy, aten.transpose, aten.clone, aten.t, aten.addmm]
            extern_kernels.addmm(buf527, reinterpret_tensor(buf525, (4096, 768), (768, 1), 0), reinterpret_tensor(buf526, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf528)
            buf530 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf531 = reinterpret_tensor(buf524, (16, 256, 768), (196608, 768, 1), 0); del buf524  # reuse
            buf535 = buf531; del buf531  # reuse
            buf536 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf571 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_87, hidden_states_88, hidden_states_89, add_26, hidden_states_90, hidden_states_91, div_16], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf535, buf6, buf528, buf505, primals_183, primals_184, primals_193, primals_194, buf530, buf536, buf571, 23, 4096, 768, stream=stream0)
            del primals_184
            buf537 = empty_strided_cuda((3072, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_91], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_195, buf537, 2359296, stream=stream0)
            del primals_195
            buf538 = buf493; del buf493  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_91], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_12.run(primals_196, buf538, 3072, stream=stream0)
            del primals_196
            buf539 = empty_strided_cuda((4096, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_90, hidden_states_91], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf538, reinterpret_tensor(buf536, (4096, 768), (768, 1), 0), reinterpret_tensor(buf537, (768, 3072), (1, 768), 0), alpha=1, beta=1, out=buf539)
            del buf538
            buf540 = empty_strided_cuda((16, 256, 3072), (786432, 3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_91, hidden_states_92], Original ATen: [aten.view, aten.gelu]
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_13.run(buf539, buf540, 12582912, stream=stream0)
            buf541 = empty_strided_cuda((768, 3072), (3072, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_93], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_11.run(primals_197, buf541, 2359296, stream=stream0)
            del primals_197
            buf542 = buf527; del buf527  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_93], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_198, buf542, 768, stream=stream0)
            del primals_198
            buf543 = buf528; del buf528  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_91, hidden_states_92, hidden_states_93], Original ATen: [aten.view, aten.gelu, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf542, reinterpret_tensor(buf540, (4096, 3072), (3072, 1), 0), reinterpret_tensor(buf541, (3072, 768), (1, 3072), 0), alpha=1, beta=1, out=buf543)
            buf545 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bool)
            buf546 = reinterpret_tensor(buf523, (16, 256, 768), (196608, 768, 1), 0); del buf523  # reuse
            buf550 = buf546; del buf546  # reuse
            buf551 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            buf570 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_90, hidden_states_93, hidden_states_94, add_27, hidden_states_95, hidden_states_96, div_15], Original ATen: [aten.native_layer_norm, aten.view, aten.native_dropout, aten.add, aten._to_copy, aten.native_layer_norm_backward]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_add_native_dropout_native_layer_norm_native_layer_norm_backward_view_14.run(buf550, buf6, buf543, buf535, primals_193, primals_194, primals_199, primals_200, buf545, buf551, buf570, 24, 4096, 768, stream=stream0)
            del buf6
            del primals_194
            del primals_200
            buf552 = empty_strided_cuda((768, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_96], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_3.run(primals_201, buf552, 589824, stream=stream0)
            del primals_201
            buf553 = buf542; del buf542  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_96], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_4.run(primals_202, buf553, 768, stream=stream0)
            del primals_202
            buf554 = buf543; del buf543  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_95, hidden_states_96], Original ATen: [aten.native_layer_norm, aten._to_copy, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(buf553, reinterpret_tensor(buf551, (4096, 768), (768, 1), 0), reinterpret_tensor(buf552, (768, 768), (1, 768), 0), alpha=1, beta=1, out=buf554)
            del buf553
            buf555 = empty_strided_cuda((16, 256, 1), (256, 1, 1), torch.float32)
            buf556 = empty_strided_cuda((16, 256, 1), (256, 1, 4096), torch.float32)
            buf558 = reinterpret_tensor(buf556, (16, 256, 1), (256, 1, 1), 0); del buf556  # reuse
            buf559 = empty_strided_cuda((16, 256, 768), (196608, 768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_96, hidden_states_97, hidden_states_98, hidden_states_99], Original ATen: [aten.view, aten.gelu, aten.native_layer_norm, aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_per_fused__to_copy_gelu_native_layer_norm_view_16.run(buf558, buf554, primals_203, primals_204, buf555, buf559, 4096, 768, stream=stream0)
            del primals_204
            buf560 = empty_strided_cuda((30522, 768), (768, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_17.run(primals_4, buf560, 23440896, stream=stream0)
            del primals_4
            buf561 = empty_strided_cuda((768, 30528), (1, 768), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy, aten.t, aten.addmm]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_addmm_t_18.run(buf560, buf561, 23445504, stream=stream0)
            buf562 = empty_strided_cuda((30528, ), (1, ), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_99], Original ATen: [aten._to_copy, aten.addmm]
            stream0 = get_raw_stream(0)
            triton_poi_fused__to_copy_addmm_19.run(primals_205, buf562, 30528, stream=stream0)
            del primals_205
            buf563 = empty_strided_cuda((4096, 30528), (30528, 1), torch.bfloat16)
            # Topologically Sorted Source Nodes: [hidden_states_96, hidden_states_97, hidden_states_98, hidden_states_99], Original ATen: [aten.view, aten.gelu, aten.native_layer_norm, aten._to_copy, aten.t, aten.addmm]
            extern_kernels.addmm(buf562, reinterpret_tensor(buf559, (4096, 768), (768, 1), 0), buf561, alpha=1, beta=1, out=buf563)
            del buf561
            del buf562
            buf564 = empty_strided_cuda((4096, 1), (1, 1), torch.float32)
            buf565 = empty_strided_cuda((4096, 1), (1, 4096), torch.float32)
            buf566 = reinterpret_tensor(buf565, (4096, 1), (1, 1), 0); del buf565  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_99, view_36, masked_lm_loss], Original ATen: [aten.addmm, aten.view, aten._log_softmax, prims.prepare_softmax_online]
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax_addmm_prepare_softmax_online_view_20.run(buf566, buf563, buf564, 4096, 30522, stream=stream0)
            buf569 = empty_strided_cuda((), (), torch.float32)
            buf568 = empty_strided_cuda((), (), torch.float32)
            buf631 = buf569; del buf569  # reuse
            # Topologically Sorted Source Nodes: [hidden_states_99, view_36, view_37, masked_lm_loss], Original ATen: [aten.addmm, aten.view, aten._log_softmax, aten.sub, aten._to_copy, aten.nll_loss_forward]
            stream0 = get_raw_stream(0)
            triton_red_fused__log_softmax__to_copy_addmm_nll_loss_forward_sub_view_21.run(buf631, primals_1, buf563, buf564, buf566, buf568, 1, 4096, stream=stream0)
        return (buf631, reinterpret_tensor(buf563, (16, 256, 30522), (7815168, 30528, 1), 0), primals_1, primals_2, primals_7, primals_17, primals_23, primals_33, primals_39, primals_49, primals_55, primals_65, primals_71, primals_81, primals_87, primals_97, primals_103, primals_113, primals_119, primals_129, primals_135, primals_145, primals_151, primals_161, primals_167, primals_177, primals_183, primals_193, primals_199, primals_203, buf0, buf5, buf8, buf9, reinterpret_tensor(buf10, (4096, 768), (768, 1), 0), buf22, buf23, buf24, buf26, reinterpret_tensor(buf30, (4096, 768), (768, 1), 0), buf35, buf40, reinterpret_tensor(buf41, (4096, 768), (768, 1), 0), buf44, reinterpret_tensor(buf45, (4096, 3072), (3072, 1), 0), buf50, buf55, reinterpret_tensor(buf56, (4096, 768), (768, 1), 0), buf72, reinterpret_tensor(buf75, (4096, 768), (768, 1), 0), buf80, buf85, reinterpret_tensor(buf86, (4096, 768), (768, 1), 0), buf89, reinterpret_tensor(buf90, (4096, 3072), (3072, 1), 0), buf95, buf100, reinterpret_tensor(buf101, (4096, 768), (768, 1), 0), buf117, reinterpret_tensor(buf120, (4096, 768), (768, 1), 0), buf125, buf130, reinterpret_tensor(buf131, (4096, 768), (768, 1), 0), buf134, reinterpret_tensor(buf135, (4096, 3072), (3072, 1), 0), buf140, buf145, reinterpret_tensor(buf146, (4096, 768), (768, 1), 0), buf162, reinterpret_tensor(buf165, (4096, 768), (768, 1), 0), buf170, buf175, reinterpret_tensor(buf176, (4096, 768), (768, 1), 0), buf179, reinterpret_tensor(buf180, (4096, 3072), (3072, 1), 0), buf185, buf190, reinterpret_tensor(buf191, (4096, 768), (768, 1), 0), buf207, reinterpret_tensor(buf210, (4096, 768), (768, 1), 0), buf215, buf220, reinterpret_tensor(buf221, (4096, 768), (768, 1), 0), buf224, reinterpret_tensor(buf225, (4096, 3072), (3072, 1), 0), buf230, buf235, reinterpret_tensor(buf236, (4096, 768), (768, 1), 0), buf252, reinterpret_tensor(buf255, (4096, 768), (768, 1), 0), buf260, buf265, reinterpret_tensor(buf266, (4096, 768), (768, 1), 0), buf269, reinterpret_tensor(buf270, (4096, 3072), (3072, 1), 0), buf275, buf280, reinterpret_tensor(buf281, (4096, 768), (768, 1), 0), buf297, reinterpret_tensor(buf300, (4096, 768), (768, 1), 0), buf305, buf310, reinterpret_tensor(buf311, (4096, 768), (768, 1), 0), buf314, reinterpret_tensor(buf315, (4096, 3072), (3072, 1), 0), buf320, buf325, reinterpret_tensor(buf326, (4096, 768), (768, 1), 0), buf342, reinterpret_tensor(buf345, (4096, 768), (768, 1), 0), buf350, buf355, reinterpret_tensor(buf356, (4096, 768), (768, 1), 0), buf359, reinterpret_tensor(buf360, (4096, 3072), (3072, 1), 0), buf365, buf370, reinterpret_tensor(buf371, (4096, 768), (768, 1), 0), buf387, reinterpret_tensor(buf390, (4096, 768), (768, 1), 0), buf395, buf400, reinterpret_tensor(buf401, (4096, 768), (768, 1), 0), buf404, reinterpret_tensor(buf405, (4096, 3072), (3072, 1), 0), buf410, buf415, reinterpret_tensor(buf416, (4096, 768), (768, 1), 0), buf432, reinterpret_tensor(buf435, (4096, 768), (768, 1), 0), buf440, buf445, reinterpret_tensor(buf446, (4096, 768), (768, 1), 0), buf449, reinterpret_tensor(buf450, (4096, 3072), (3072, 1), 0), buf455, buf460, reinterpret_tensor(buf461, (4096, 768), (768, 1), 0), buf477, reinterpret_tensor(buf480, (4096, 768), (768, 1), 0), buf485, buf490, reinterpret_tensor(buf491, (4096, 768), (768, 1), 0), buf494, reinterpret_tensor(buf495, (4096, 3072), (3072, 1), 0), buf500, buf505, reinterpret_tensor(buf506, (4096, 768), (768, 1), 0), buf522, reinterpret_tensor(buf525, (4096, 768), (768, 1), 0), buf530, buf535, reinterpret_tensor(buf536, (4096, 768), (768, 1), 0), buf539, reinterpret_tensor(buf540, (4096, 3072), (3072, 1), 0), buf545, buf550, reinterpret_tensor(buf551, (4096, 768), (768, 1), 0), buf554, buf555, buf558, reinterpret_tensor(buf559, (4096, 768), (768, 1), 0), reinterpret_tensor(buf563, (16, 256, 30522), (7815168, 30528, 1), 0), buf564, buf566, buf568, buf560, buf552, buf570, buf541, buf537, buf571, buf526, buf572, buf573, buf574, buf513, buf510, buf507, buf575, buf496, buf492, buf576, buf481, buf577, buf578, buf579, buf468, buf465, buf462, buf580, buf451, buf447, buf581, buf436, buf582, buf583, buf584, buf423, buf420, buf417, buf585, buf406, buf402, buf586, buf391, buf587, buf588, buf589, buf378, buf375, buf372, buf590, buf361, buf357, buf591, buf346, buf592, buf593, buf594, buf333, buf330, buf327, buf595, buf316, buf312, buf596, buf301, buf597, buf598, buf599, buf288, buf285, buf282, buf600, buf271, buf267, buf601, buf256, buf602, buf603, buf604, buf243, buf240, buf237, buf605, buf226, buf222, buf606, buf211, buf607, buf608, buf609, buf198, buf195, buf192, buf610, buf181, buf177, buf611, buf166, buf612, buf613, buf614, buf153, buf150, buf147, buf615, buf136, buf132, buf616, buf121, buf617, buf618, buf619, buf108, buf105, buf102, buf620, buf91, buf87, buf621, buf76, buf622, buf623, buf624, buf63, buf60, buf57, buf625, buf46, buf42, buf626, buf31, buf627, buf628, buf629, buf17, buf14, buf11, buf630, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((16, 256), (256, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((1, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_3 = rand_strided((1, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_4 = rand_strided((30522, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_5 = rand_strided((2, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_11 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_20 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_29 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_32 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_33 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_35 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_37 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_38 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_41 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_42 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_43 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_44 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_45 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_46 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_47 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_48 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_49 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_50 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_51 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_52 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_53 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_54 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_55 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_56 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_57 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_58 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_59 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_60 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_61 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_62 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_63 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_64 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_65 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_66 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_67 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_68 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_69 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_70 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_71 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_72 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_73 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_74 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_75 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_76 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_77 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_78 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_79 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_80 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_81 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_82 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_83 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_84 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_85 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_86 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_87 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_88 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_89 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_90 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_91 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_92 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_93 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_94 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_95 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_96 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_97 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_98 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_99 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_100 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_101 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_102 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_103 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_104 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_105 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_106 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_107 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_108 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_109 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_110 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_111 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_112 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_113 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_114 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_115 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_116 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_117 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_118 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_119 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_120 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_121 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_122 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_123 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_124 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_125 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_126 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_127 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_128 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_129 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_130 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_131 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_132 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_133 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_134 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_135 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_136 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_137 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_138 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_139 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_140 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_141 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_142 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_143 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_144 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_145 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_146 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_147 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_148 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_149 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_150 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_151 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_152 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_153 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_154 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_155 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_156 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_157 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_158 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_159 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_160 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_161 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_162 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_163 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_164 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_165 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_166 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_167 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_168 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_169 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_170 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_171 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_172 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_173 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_174 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_175 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_176 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_177 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_178 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_179 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_180 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_181 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_182 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_183 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_184 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_185 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_186 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_187 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_188 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_189 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_190 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_191 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_192 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_193 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_194 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_195 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_196 = rand_strided((3072, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_197 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_198 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_199 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_200 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_201 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_202 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_203 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_204 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_205 = rand_strided((30522, ), (1, ), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17, primals_18, primals_19, primals_20, primals_21, primals_22, primals_23, primals_24, primals_25, primals_26, primals_27, primals_28, primals_29, primals_30, primals_31, primals_32, primals_33, primals_34, primals_35, primals_36, primals_37, primals_38, primals_39, primals_40, primals_41, primals_42, primals_43, primals_44, primals_45, primals_46, primals_47, primals_48, primals_49, primals_50, primals_51, primals_52, primals_53, primals_54, primals_55, primals_56, primals_57, primals_58, primals_59, primals_60, primals_61, primals_62, primals_63, primals_64, primals_65, primals_66, primals_67, primals_68, primals_69, primals_70, primals_71, primals_72, primals_73, primals_74, primals_75, primals_76, primals_77, primals_78, primals_79, primals_80, primals_81, primals_82, primals_83, primals_84, primals_85, primals_86, primals_87, primals_88, primals_89, primals_90, primals_91, primals_92, primals_93, primals_94, primals_95, primals_96, primals_97, primals_98, primals_99, primals_100, primals_101, primals_102, primals_103, primals_104, primals_105, primals_106, primals_107, primals_108, primals_109, primals_110, primals_111, primals_112, primals_113, primals_114, primals_115, primals_116, primals_117, primals_118, primals_119, primals_120, primals_121, primals_122, primals_123, primals_124, primals_125, primals_126, primals_127, primals_128, primals_129, primals_130, primals_131, primals_132, primals_133, primals_134, primals_135, primals_136, primals_137, primals_138, primals_139, primals_140, primals_141, primals_142, primals_143, primals_144, primals_145, primals_146, primals_147, primals_148, primals_149, primals_150, primals_151, primals_152, primals_153, primals_154, primals_155, primals_156, primals_157, primals_158, primals_159, primals_160, primals_161, primals_162, primals_163, primals_164, primals_165, primals_166, primals_167, primals_168, primals_169, primals_170, primals_171, primals_172, primals_173, primals_174, primals_175, primals_176, primals_177, primals_178, primals_179, primals_180, primals_181, primals_182, primals_183, primals_184, primals_185, primals_186, primals_187, primals_188, primals_189, primals_190, primals_191, primals_192, primals_193, primals_194, primals_195, primals_196, primals_197, primals_198, primals_199, primals_200, primals_201, primals_202, primals_203, primals_204, primals_205]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
