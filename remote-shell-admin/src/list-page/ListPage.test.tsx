import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form, Input } from '@site/antd-kit';
import { ApiError, authStore } from '@site/app-runtime';
import type { PageQuery, TableDataInfo } from '@site/contract';
import { WithQueries } from '../test/query-client';
import { ControlButton, deleteSelected, FormDialog, ListPage, useListPage, type ListSource } from '.';

interface Thing {
  id: number;
  name: string;
}
interface ThingQuery extends PageQuery {
  name?: string;
  beginTime?: string;
  endTime?: string;
}

const PERMISSION = 'demo:thing';
// Three to a page keeps the rendered tables small (jsdom is slow with antd tables).
const PAGE_SIZE = 3;
const all: Thing[] = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `物品${i + 1}` }));
const load = jest.fn(async (q: ThingQuery): Promise<TableDataInfo<Thing>> => ({
  code: 200,
  msg: '查询成功',
  total: all.length,
  rows: all.slice(((q.pageNum ?? 1) - 1) * PAGE_SIZE, (q.pageNum ?? 1) * PAGE_SIZE),
}));
const things: ListSource<Thing, ThingQuery> = { key: (q) => ['things', q], load, changes: [['things']] };
const removeThings = jest.fn(async (_ids: number[]) => undefined);
const saveThing = jest.fn(async (_v: { name: string }) => undefined);

function ThingForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog
      form={form}
      name="thing-form"
      title="新增物品"
      fields={['name']}
      onClose={onClose}
      submit={async (v) => {
        await saveThing(v);
        onSaved();
      }}
    >
      <Form.Item name="name" label="名称" rules={[{ required: true, message: '名称不能为空' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

function Things() {
  const list = useListPage(things, PAGE_SIZE);
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      list={list}
      title="物品列表"
      permissionId={PERMISSION}
      search={{
        fields: [
          { name: 'name', label: '名称', kind: 'text', maxLength: 30 },
          { name: 'range', label: '日期', kind: 'dates' },
        ],
      }}
      toolbar={{
        controls: [
          { key: 'add', label: '新增', action: 'add', primary: true, onClick: () => setAdding(true) },
          deleteSelected(list.selected.length, '件物品', () => list.remove(list.selected, removeThings)),
        ],
      }}
      selectable
      rowKey="id"
      scrollX={600}
      emptyText="暂无物品"
      columns={[{ title: '名称', dataIndex: 'name' }]}
      rowActions={{
        width: 120,
        controls: (r) => [
          {
            key: 'delete',
            label: '删除',
            action: 'delete',
            danger: true,
            onClick: () => list.remove([r.id], removeThings),
            confirm: { title: `确定删除“${r.name}”吗？`, okText: '删除', cancelText: '取消' },
          },
        ],
      }}
    >
      {adding && (
        <ThingForm
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            list.refresh();
          }}
        />
      )}
    </ListPage>
  );
}

function signIn(actions: string[]) {
  authStore.setInfo({
    user: { userId: 1, userName: 'u', nickName: 'u', avatar: '' } as never,
    roles: ['editor'],
    permissions: actions.map((a) => `${PERMISSION}:${a}`),
  });
}

async function open() {
  render(
    <WithQueries>
      <App>
        <Things />
      </App>
    </WithQueries>,
  );
  await screen.findByText('物品1');
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
// By text, not role: role queries over antd's DOM take seconds each in jsdom. antd spaces two-character labels (保 存).
const buttons = (label: string, scope: HTMLElement = document.body) =>
  within(scope)
    .queryAllByText(new RegExp(`^${[...label].join('\\s?')}$`))
    .map((e) => e.closest('button'))
    .filter((b): b is HTMLButtonElement => !!b);
const button = (label: string, scope?: HTMLElement) => {
  const [b, ...more] = buttons(label, scope);
  if (!b || more.length) throw new Error(`expected one button ${label}, found ${more.length + (b ? 1 : 0)}`);
  return b;
};

afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

describe('ListPage (issue 24.3)', () => {
  test('[ISSUE-24.3] pages on the server: 共 N 条, page 2 asks for pageNum 2 and shows its rows', async () => {
    signIn(['query']);
    await open();
    expect(load).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: PAGE_SIZE });
    expect(screen.getByText('共 7 条')).toBeTruthy();
    expect(screen.queryByText('物品4')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    await screen.findByText('物品4');
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 2, pageSize: PAGE_SIZE }));
    expect(screen.queryByText('物品1')).toBeNull();
  });

  test('[ISSUE-24.3] 查询 sends the trimmed text and the day range from page 1', async () => {
    signIn(['query']);
    await open();
    await act(async () => fireEvent.click(screen.getByTitle('3')));
    await screen.findByText('物品7');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '  物品2 ' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2024-03-31' } });
    await act(async () => fireEvent.click(button('查询')));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(
        expect.objectContaining({ pageNum: 1, pageSize: PAGE_SIZE, name: '物品2', beginTime: '2024-03-01', endTime: '2024-03-31' }),
      ),
    );
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '   ' } });
    await act(async () => fireEvent.click(button('查询')));
    await waitFor(() => expect(load.mock.calls.at(-1)?.[0].name).toBeUndefined());
  });

  test('[ISSUE-24.3] buttons need their action: without query, add and delete there is no 查询, 新增 or 删除', async () => {
    signIn(['list']);
    await open();
    expect(buttons('查询')).toEqual([]);
    expect(buttons('新增')).toEqual([]);
    expect(buttons('删除')).toEqual([]);
  });

  test('[ISSUE-24.3] a row is deleted only after 确定 in its confirm; then 删除成功 and the list reloads', async () => {
    signIn(['delete']);
    await open();
    const calls = load.mock.calls.length;
    await act(async () => fireEvent.click(button('删除', rowOf('物品3'))));
    const confirm = (await screen.findByText('确定删除“物品3”吗？')).closest('.ant-popover') as HTMLElement;
    expect(removeThings).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(button('删除', confirm)));
    expect(removeThings).toHaveBeenCalledWith([3]);
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(load.mock.calls.length).toBe(calls + 1));
  });

  test('[ISSUE-24.3] the toolbar 删除 is disabled until rows are checked and names how many', async () => {
    signIn(['delete']);
    await open();
    const toolbarDelete = buttons('删除').find((b) => !b.closest('tr')) as HTMLElement;
    expect(toolbarDelete.hasAttribute('disabled')).toBe(true);
    fireEvent.click(rowOf('物品1').querySelector('input[type=checkbox]')!);
    fireEvent.click(rowOf('物品3').querySelector('input[type=checkbox]')!);
    expect(toolbarDelete.hasAttribute('disabled')).toBe(false);
    await act(async () => fireEvent.click(toolbarDelete));
    const confirm = (await screen.findByText('确定删除选中的 2 件物品吗？')).closest('.ant-popover') as HTMLElement;
    await act(async () => fireEvent.click(button('删除', confirm)));
    expect(removeThings).toHaveBeenCalledWith([1, 3]);
    await waitFor(() => expect(toolbarDelete.hasAttribute('disabled')).toBe(true));
  });
});

describe('FormDialog (issue 24.3)', () => {
  test('[ISSUE-24.3] a 400 answer naming a field shows its message under that field; the dialog stays with what was typed', async () => {
    signIn(['add']);
    await open();
    saveThing.mockRejectedValueOnce(new ApiError('名称已存在', 400, { code: 400, msg: '名称已存在', field: 'name' }));
    await act(async () => fireEvent.click(button('新增')));
    const dialog = (await screen.findByText('新增物品')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '物品1' } });
    await act(async () => fireEvent.click(button('保存', dialog)));
    const item = (await within(dialog).findByText('名称已存在')).closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText('名称')).toHaveProperty('value', '物品1');
    expect(saveThing).toHaveBeenCalledWith({ name: '物品1' });

    // Saved the second time: the dialog closes and the list reloads.
    const calls = load.mock.calls.length;
    await act(async () => fireEvent.click(button('保存', dialog)));
    await waitFor(() => expect(screen.queryByText('新增物品')).toBeNull());
    await waitFor(() => expect(load.mock.calls.length).toBe(calls + 1));
  });

  test('[ISSUE-24.3] the form’s own rules run first: nothing is sent while a required field is empty', async () => {
    signIn(['add']);
    await open();
    await act(async () => fireEvent.click(button('新增')));
    const dialog = (await screen.findByText('新增物品')).closest('.ant-modal') as HTMLElement;
    await act(async () => fireEvent.click(button('保存', dialog)));
    expect(await within(dialog).findByText('名称不能为空')).toBeTruthy();
    expect(saveThing).not.toHaveBeenCalled();
  });
});

function EditThing({ fetch, onClose }: { fetch: () => Promise<{ name: string }>; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <App>
      <FormDialog form={form} name="edit-thing" title="修改物品" load={fetch} submit={saveThing} onClose={onClose}>
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
      </FormDialog>
    </App>
  );
}

describe('FormDialog loading a record (issue 24.3)', () => {
  test('[ISSUE-24.3] the fetched record fills the form once; saving sends it', async () => {
    const fetch = jest.fn(async () => ({ name: '物品7' }));
    render(<EditThing fetch={fetch} onClose={jest.fn()} />);
    const dialog = (await screen.findByText('修改物品')).closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect(within(dialog).getByLabelText('名称')).toHaveProperty('value', '物品7'));
    await act(async () => fireEvent.click(button('保存', dialog)));
    expect(saveThing).toHaveBeenCalledWith({ name: '物品7' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('[ISSUE-24.3] a record that cannot be fetched closes the dialog', async () => {
    const onClose = jest.fn();
    render(<EditThing fetch={() => Promise.reject(new ApiError('物品不存在', 404))} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('[issue 45.3] a control disabled with a reason', () => {
  it('is a disabled button that says why (tooltip on hover, its label for assistive technology); it asks nothing and runs nothing', async () => {
    const onClick = jest.fn();
    render(
      <App>
        <ControlButton
          control={{
            key: 'reset',
            label: '重置密码',
            onClick,
            disabled: true,
            reason: '该用户的角色“超级管理员”超出您的权限，不能管理',
            confirm: { title: '确定？' },
          }}
        />
      </App>,
    );
    const button = screen.getByRole('button', { name: '重置密码' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const wrapper = button.closest('.control-disabled') as HTMLElement;
    expect(wrapper.getAttribute('aria-label')).toBe('该用户的角色“超级管理员”超出您的权限，不能管理');
    fireEvent.mouseEnter(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '该用户的角色“超级管理员”超出您的权限，不能管理');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.queryByText('确定？')).toBeNull();
  });
});
