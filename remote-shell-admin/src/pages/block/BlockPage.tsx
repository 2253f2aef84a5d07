import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Empty, Select, Space, Spin, PlusOutlined } from '@site/antd-kit';
import { deleteBlockItems, sortBlockItems } from '@site/api-client';
import { BLOCK_IDS, type BlockInfo, type BlockItemAdmin } from '@site/contract';
import { blockItemsQuery, blockListQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { Action, usePermission } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { Sortable } from '../../components/SortableRow';
import { useItemWrites, useSortSensors } from '../../components/use-item-writes';
import { BLOCK_PERMISSION_ID, BlockItemCard } from './BlockItemCard';

const NO_BLOCKS: BlockInfo[] = [];

/** 区块管理 (content/block/index): choose a block, edit its items in place, drag them into order. */
export default function BlockPage() {
  const { hasAction } = usePermission();
  const canDrag = hasAction(BLOCK_PERMISSION_ID, 'edit');
  const client = useQueryClient();
  const blocks: BlockInfo[] = useShellQuery(blockListQuery()).data ?? NO_BLOCKS;
  const [blockId, setBlockId] = useState<number>(BLOCK_IDS.product);
  const itemsQuery = useShellQuery(blockItemsQuery(blockId));
  const items: BlockItemAdmin[] | null = itemsQuery.isError ? [] : (itemsQuery.data ?? null);
  const [adding, setAdding] = useState(0);
  const { reload, saveOrder, confirmDelete } = useItemWrites('block');
  const sensors = useSortSensors();
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!items || !over || active.id === over.id) return;
    const ordered = arrayMove(
      items,
      items.findIndex((i) => i.id === Number(active.id)),
      items.findIndex((i) => i.id === Number(over.id)),
    );
    // Shown in the new order at once; the server's answer follows (also after a refusal).
    client.setQueryData(blockItemsQuery(blockId).queryKey, ordered);
    await saveOrder(() =>
      sortBlockItems(
        blockId,
        ordered.map((i) => i.id),
      ),
    );
  };

  const remove = (item: BlockItemAdmin) => confirmDelete('删除内容', `确认删除“${item.title}”吗？`, () => deleteBlockItems([item.id]));

  const block = blocks.find((b) => b.blockId === blockId);
  return (
    <PageSection
      title="区块内容"
      extra={
        <Action permissionId={BLOCK_PERMISSION_ID} action="add">
          <Button icon={<PlusOutlined />} onClick={() => setAdding((n) => n + 1)} disabled={adding > 0}>
            新增内容
          </Button>
        </Action>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <label htmlFor="block-select">区块</label>
        <Select
          id="block-select"
          style={{ minWidth: 240 }}
          virtual={false}
          listHeight={400}
          value={blockId}
          onChange={(v: number) => {
            setBlockId(v);
            setAdding(0);
          }}
          options={blocks.map((b) => ({ value: b.blockId, label: `${b.name}（${b.itemCount}）` }))}
        />
      </Space>
      {block ? <Alert type="info" showIcon message={block.hint} style={{ marginBottom: 12 }} /> : null}
      {items === null ? (
        <Spin />
      ) : items.length === 0 && !adding ? (
        <Empty description="该区块暂无内容" />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            {items.map((item, i) => (
              <Sortable key={item.id} sortId={item.id} disabled={!canDrag}>
                <BlockItemCard blockId={blockId} item={item} index={i} canDrag={canDrag} onSaved={reload} onDelete={() => remove(item)} />
              </Sortable>
            ))}
          </SortableContext>
        </DndContext>
      )}
      {adding > 0 ? (
        <BlockItemCard
          key={`new-${blockId}-${adding}`}
          blockId={blockId}
          item={null}
          index={items?.length ?? 0}
          canDrag={false}
          onSaved={() => {
            setAdding(0);
            reload();
          }}
          onDelete={() => setAdding(0)}
        />
      ) : null}
    </PageSection>
  );
}
