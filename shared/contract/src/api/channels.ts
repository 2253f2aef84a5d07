/** Channels in the admin shell (perms content:channel:*), `/system/channel*`: `services/api-server/src/routes/channels.ts`. */

import type { RData, TableDataInfo } from './common';
import type { ChannelFields } from './content';

/** A channel as staff edit it: `GET /system/channel/list` rows (a tree), `GET /system/channel/{id}`. */
export interface ChannelAdmin extends ChannelFields {
  /** customs.filePath: the route key of the channel's page, e.g. `product/index`. */
  filePath: string;
  sort: number;
  version: number;
  /** Articles filed directly in this channel (a channel holding any cannot be deleted). */
  articleCount: number;
  /** Sub-channels, in order (in the list only; empty in `GET /system/channel/{id}`). */
  children: ChannelAdmin[];
}

/** `POST /system/channel` body (new channels go last among their siblings). Answers `RData<{ id }>`. */
export interface ChannelBody {
  parentId: number | null;
  name: string;
  alias: string;
  url?: string;
  nav?: boolean;
  allowSearch?: boolean;
  targetBlank?: boolean;
  linkUrl?: string | null;
  image?: string | null;
  filePath?: string;
}

/** `PUT /system/channel/{id}` body: the fields to change and the version read (a stale one is refused). */
export type ChannelEditBody = Partial<ChannelBody> & { version: number };

/** `PUT /system/channel/sort`: every child of `parentId` (null = the top level), in the new order. */
export interface ChannelSortBody {
  parentId: number | null;
  ids: number[];
}

export type ChannelTreeResponse = TableDataInfo<ChannelAdmin>;

export type ChannelAdminResponse = RData<ChannelAdmin>;
