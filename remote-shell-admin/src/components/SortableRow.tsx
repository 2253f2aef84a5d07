import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@site/antd-kit';

interface HandleProps {
  attributes: ReturnType<typeof useSortable>['attributes'];
  listeners: ReturnType<typeof useSortable>['listeners'];
}
const HandleContext = createContext<HandleProps | null>(null);
/** Kept apart from the attributes: the callback ref may only be handed to `ref`, never read during render. */
const HandleNodeContext = createContext<((el: HTMLElement | null) => void) | undefined>(undefined);

/** The drag handle of a sortable row or card (a button: keyboard users pick it up with Space and move it with the arrows). */
export function DragHandle({ label, disabled }: { label: string; disabled?: boolean }) {
  const ctx = useContext(HandleContext);
  const handleNode = useContext(HandleNodeContext);
  if (!ctx || disabled) return null;
  return (
    <button
      type="button"
      ref={handleNode}
      className="drag-handle"
      aria-label={label}
      style={{ cursor: 'grab', border: 0, background: 'transparent', padding: 4, touchAction: 'none' }}
      {...ctx.attributes}
      {...ctx.listeners}
    >
      <HolderOutlined />
    </button>
  );
}

/** One sortable item (`sortId`): its children place a <DragHandle>. `as` is the element it renders (a table row or a div). */
export function Sortable({
  sortId: id,
  disabled,
  children,
  as: Tag = 'div',
  ...rest
}: { sortId: number; disabled?: boolean; children?: ReactNode; as?: 'div' | 'tr' } & HTMLAttributes<HTMLElement>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    ...rest.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, opacity: 0.85 } : {}),
  };
  const handle = useMemo(() => ({ attributes, listeners }), [attributes, listeners]);
  return (
    <HandleContext.Provider value={handle}>
      <HandleNodeContext.Provider value={setActivatorNodeRef}>
        <Tag {...rest} ref={setNodeRef as never} style={style} data-sortable-id={id}>
          {children}
        </Tag>
      </HandleNodeContext.Provider>
    </HandleContext.Provider>
  );
}
