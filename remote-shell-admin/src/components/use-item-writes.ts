import { App } from '@site/antd-kit';
import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Resource } from '../data/keys';
import { useChanged } from '../data/shell-query';

/** The drag sensors of a sortable list: a pointer moved 4 px (a click on the handle is no drag), or the keyboard. */
export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * The writes of a page whose items staff edit in place and order by dragging (栏目, 区块). Each ends by invalidating
 * what a write on `resource` changes, so the server's state follows also after a refusal (which the request client
 * has shown).
 */
export function useItemWrites(resource: Resource) {
  const { message, modal } = App.useApp();
  const changed = useChanged();
  const reload = () => void changed(resource);

  /** Sends an order already shown on screen. */
  const saveOrder = async (send: () => Promise<unknown>) => {
    try {
      await send();
      void message.success('排序已保存');
    } catch {
      /* notified */
    }
    reload();
  };

  /** Asks first (`title`, `content`), then deletes. */
  const confirmDelete = (title: string, content: string, send: () => Promise<unknown>): void => {
    modal.confirm({
      title,
      content,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await send();
          void message.success('删除成功');
          reload();
        } catch {
          /* notified */
        }
      },
    });
  };

  return { reload, saveOrder, confirmDelete };
}
