import type { ReactNode } from 'react';
import { Button, DeleteOutlined, PlusOutlined, Popconfirm, Tooltip } from '@site/antd-kit';
import type { ActionName } from '@site/contract';
import { Action } from '@site/app-runtime';

/** A toolbar or row button; with `confirm` it asks first (Popconfirm) and runs `onClick` on 确定. */
export interface Control {
  key: string;
  label: ReactNode;
  /** The action of the page's permission (its actionList) without which the button is not rendered at all. */
  action?: ActionName;
  icon?: ReactNode;
  primary?: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** Why it is disabled, shown as the button's tooltip (a disabled button that says nothing leaves staff guessing). */
  reason?: string;
  /** May return a promise: a confirm's OK button spins until it settles. */
  onClick: () => unknown;
  confirm?: { title: ReactNode; description?: ReactNode; okText?: string; cancelText?: string; okDanger?: boolean };
}

/** A control as a button: `link` for row actions (small link buttons), otherwise a toolbar button. */
export function ControlButton({ control: c, permissionId, link }: { control: Control; permissionId?: string; link?: boolean }) {
  const button = (
    <Button
      type={link ? 'link' : c.primary ? 'primary' : undefined}
      size={link ? 'small' : undefined}
      icon={c.icon}
      danger={c.danger}
      disabled={c.disabled}
      onClick={c.confirm ? undefined : () => void c.onClick()}
    >
      {c.label}
    </Button>
  );
  const explained =
    c.disabled && c.reason ? (
      <Tooltip title={c.reason}>
        <span className="control-disabled" aria-label={c.reason}>
          {button}
        </span>
      </Tooltip>
    ) : (
      button
    );
  const asked = c.confirm ? (
    <Popconfirm
      title={c.confirm.title}
      description={c.confirm.description}
      okText={c.confirm.okText}
      cancelText={c.confirm.cancelText}
      okButtonProps={c.confirm.okDanger ? { danger: true } : undefined}
      disabled={c.disabled}
      onConfirm={() => c.onClick()}
    >
      {explained}
    </Popconfirm>
  ) : (
    explained
  );
  if (!c.action || !permissionId) return asked;
  return (
    <Action permissionId={permissionId} action={c.action}>
      {asked}
    </Action>
  );
}

/** The toolbar's 新增 (the page permission's `add`), its primary button: `onClick` opens the empty form. */
export function addNew(onClick: () => unknown): Control {
  return { key: 'add', label: '新增', action: 'add', primary: true, icon: <PlusOutlined />, onClick };
}

/** The toolbar's 删除 for the checked rows: disabled with none checked, asks 确定删除选中的 N <noun>吗？ first. */
export function deleteSelected(count: number, noun: string, onConfirm: () => Promise<void>): Control {
  return {
    key: 'delete',
    label: '删除',
    action: 'delete',
    icon: <DeleteOutlined />,
    danger: true,
    disabled: !count,
    onClick: onConfirm,
    confirm: { title: `确定删除选中的 ${count} ${noun}吗？`, okText: '删除', cancelText: '取消' },
  };
}
