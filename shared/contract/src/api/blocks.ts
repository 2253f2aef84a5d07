/** Content blocks in the admin shell (perms content:block:*), `/system/block*`: `services/api-server/src/routes/blocks.ts`. */

import type { RData, TableDataInfo } from './common';
import type { BlockItemFields } from './content';

/** A content block (ids and names in BLOCKS of the constants): `GET /system/block/list` rows. */
export interface BlockInfo {
  blockId: number;
  name: string;
  /** Where the site shows the block and which fields it reads. */
  hint: string;
  /** Items in the block, disabled ones included. */
  itemCount: number;
}

/** A block item as staff edit it: `GET /system/block/{blockId}/items` rows (disabled ones included), `GET /system/block-item/{id}`. */
export interface BlockItemAdmin extends BlockItemFields {
  version: number;
}

/** `POST /system/block-item` body (the item goes last in its block). Answers `RData<{ id }>`. */
export interface BlockItemBody {
  blockId: number;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  url?: string | null;
  image?: string | null;
  targetBlank?: boolean;
  enabled?: boolean;
}

/** `PUT /system/block-item/{id}` body: the fields to change and the version read. */
export type BlockItemEditBody = Partial<Omit<BlockItemBody, 'blockId'>> & { version: number };

/** `PUT /system/block/{blockId}/sort`: every item of the block, in the new order. */
export interface BlockSortBody {
  ids: number[];
}

export type BlockListResponse = TableDataInfo<BlockInfo>;

export type BlockItemListResponse = TableDataInfo<BlockItemAdmin>;

export type BlockItemAdminResponse = RData<BlockItemAdmin>;
