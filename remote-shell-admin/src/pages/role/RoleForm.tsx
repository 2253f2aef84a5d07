import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Tree, type TreeDataNode } from '@site/antd-kit';
import { createRole, updateRole } from '@site/api-client';
import { roleMenusQuery, roleQuery } from '../../data/queries';
import { ALL_PERMISSION, type SysRole } from '@site/contract';
import { FormDialog } from '../../list-page';
import { filled } from '../../components/form-fields';
import { allLeaves, buildMenuTree, checkedLeaves, roleSelection, type MenuTreeNode } from './permission-tree';

const FIELDS = ['roleKey', 'roleName', 'roleSort', 'remark', 'menuIds', 'perms'] as const;

interface Values {
  roleKey: string;
  roleName: string;
  roleSort?: number;
  remark?: string;
}

/**
 * Create or edit a role: one tree of directories, pages and each page's own actions (the server's menu rows). The tree
 * is linked as RuoYi's is: ticking a page ticks its actions, so one tick gives a working role; unticking an action
 * leaves the page half-ticked. 超级管理员 keeps every right: its tree is read-only.
 */
export function RoleForm({ roleKey, onClose, onSaved }: { roleKey: string | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [tree, setTree] = useState<MenuTreeNode[] | null>(null);
  const [role, setRole] = useState<SysRole | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [perms, setPerms] = useState<string[]>([]);
  const [permError, setPermError] = useState('');

  async function load(): Promise<Partial<Values>> {
    // Asked afresh each time the form opens, under the role's keys.
    const [m, r] = await Promise.all([
      client.fetchQuery({ ...roleMenusQuery(), staleTime: 0 }),
      roleKey ? client.fetchQuery({ ...roleQuery(roleKey), staleTime: 0 }) : Promise.resolve(null),
    ]);
    const t = buildMenuTree(m);
    setTree(t);
    if (!r) return {};
    setRole(r);
    setPerms(r.perms);
    setChecked(r.builtIn || r.perms.includes(ALL_PERMISSION) ? allLeaves(t) : checkedLeaves(t, r.menuIds, r.perms));
    return { roleKey: r.roleKey, roleName: r.roleName, roleSort: r.roleSort, remark: r.remark };
  }

  const builtIn = !!role?.builtIn || perms.includes(ALL_PERMISSION);

  const treeData = useMemo<TreeDataNode[]>(() => {
    const toNode = (n: MenuTreeNode): TreeDataNode => ({
      key: n.menuId,
      title: (
        <span className="role-menu-node" title={n.perms ?? undefined}>
          <span className="role-menu-name">{n.menuName}</span>
        </span>
      ),
      children: n.children.map(toNode),
    });
    return (tree ?? []).map(toNode);
  }, [tree]);

  async function submit(v: Values) {
    setPermError('');
    const sel = builtIn ? { menuIds: role?.menuIds ?? [], perms } : roleSelection(tree ?? [], checked, perms);
    const body = { roleName: v.roleName, roleSort: v.roleSort ?? 0, remark: v.remark ?? '', ...sel };
    if (role) await updateRole(role.roleKey, { ...body, version: role.version });
    else await createRole({ ...body, roleKey: v.roleKey });
    onSaved();
  }

  // A refusal naming the menus or permissions goes under the tree.
  function otherError(err: unknown) {
    const b = (err as { body?: { field?: string; msg?: string } }).body;
    if (b?.field && FIELDS.includes(b.field.split('.')[0] as (typeof FIELDS)[number])) setPermError(b.msg ?? '');
  }

  return (
    <FormDialog
      form={form}
      name="role-form"
      width={960}
      title={roleKey ? '修改角色' : '新增角色'}
      initialValues={{ roleSort: 0 }}
      load={load}
      submit={submit}
      fields={['roleKey', 'roleName', 'roleSort', 'remark']}
      onOtherError={otherError}
      onClose={onClose}
    >
      {/* Shown once the menus are there: the tree expands all its nodes only when it mounts with them. */}
      {tree && (
        <>
          <Form.Item name="roleName" label="角色名称" rules={[filled('角色名称')]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="roleKey"
            label="权限字符"
            extra="小写字母、数字和下划线，以字母开头，如 auditor"
            rules={[
              { required: true, message: '权限字符不能为空' },
              { pattern: /^[a-z][a-z0-9_]{1,29}$/, message: '权限字符只能包含小写字母、数字和下划线，以字母开头，2到30个字符' },
            ]}
          >
            <Input maxLength={30} disabled={!!roleKey} />
          </Form.Item>
          <Form.Item name="roleSort" label="显示顺序">
            <Input type="number" min={0} max={9999} />
          </Form.Item>
          <Form.Item label="菜单与操作权限" validateStatus={permError ? 'error' : undefined} help={permError || undefined}>
            {builtIn && <Alert type="info" showIcon title="超级管理员拥有全部菜单和权限，不能修改" style={{ marginBottom: 8 }} />}
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              disabled={builtIn}
              treeData={treeData}
              checkedKeys={checked}
              // A half-ticked page or directory is not sent: the server adds the parents of every ticked row.
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
            />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
