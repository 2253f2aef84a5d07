/** 栏目管理 and 区块管理 of the admin shell. */
import { request } from '@site/app-runtime';
import type {
  BlockItemAdminResponse,
  BlockItemBody,
  BlockItemEditBody,
  BlockItemListResponse,
  BlockListResponse,
  ChannelAdminResponse,
  ChannelBody,
  ChannelEditBody,
  ChannelSortBody,
  ChannelTreeResponse,
  R,
  RData,
} from '@site/contract';

/** GET /system/channel/list: the whole tree (`name` keeps the matching channels and their ancestors). */
export const getChannelTree = (params?: { name?: string }) => request.get<ChannelTreeResponse>('/system/channel/list', { params });
/** GET /system/channel/{id} */
export const getChannelAdmin = (id: number) => request.get<ChannelAdminResponse>(`/system/channel/${id}`);
/** POST /system/channel */
export const addChannel = (body: ChannelBody) => request.post<RData<{ id: number }>>('/system/channel', body);
/** PUT /system/channel/{id}: a stale `version` is refused. */
export const updateChannel = (id: number, body: ChannelEditBody) => request.put<R>(`/system/channel/${id}`, body);
/** DELETE /system/channel/{id}: refused while it has sub-channels or articles. */
export const deleteChannel = (id: number) => request.delete<R>(`/system/channel/${id}`);
/** PUT /system/channel/sort: every child of `parentId` in the new order. */
export const sortChannels = (body: ChannelSortBody) => request.put<R>('/system/channel/sort', body);

/** GET /system/block/list */
export const getBlockList = () => request.get<BlockListResponse>('/system/block/list');
/** GET /system/block/{blockId}/items: every item, disabled ones included. */
export const getBlockItemsAdmin = (blockId: number) => request.get<BlockItemListResponse>(`/system/block/${blockId}/items`);
/** GET /system/block-item/{id} */
export const getBlockItemAdmin = (id: number) => request.get<BlockItemAdminResponse>(`/system/block-item/${id}`);
/** POST /system/block-item */
export const addBlockItem = (body: BlockItemBody) => request.post<RData<{ id: number }>>('/system/block-item', body);
/** PUT /system/block-item/{id}: a stale `version` is refused. */
export const updateBlockItem = (id: number, body: BlockItemEditBody) => request.put<R>(`/system/block-item/${id}`, body);
/** DELETE /system/block-item/{ids} */
export const deleteBlockItems = (ids: readonly number[]) => request.delete<R>(`/system/block-item/${ids.join(',')}`);
/** PUT /system/block/{blockId}/sort: every item of the block in the new order. */
export const sortBlockItems = (blockId: number, ids: readonly number[]) => request.put<R>(`/system/block/${blockId}/sort`, { ids });
