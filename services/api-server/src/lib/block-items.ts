import type { BlockItemFields } from '@site/contract';
import type { blockItem } from '../db/schema.js';

/** A stored block item as both the site (`/api/block-item`) and the admin shell (`/system/block*`) answer it. */
export function blockItemFields(r: typeof blockItem.$inferSelect): BlockItemFields {
  return {
    id: r.id,
    blockId: r.blockId,
    title: r.title,
    subtitle: r.subtitle,
    description: r.description,
    url: r.url,
    image: r.image,
    targetBlank: r.targetBlank,
    enabled: r.enabled,
    order: r.sort,
  };
}
