import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import type { SiteCustomer } from '@site/contract';
import { WithQueries } from '../../test/query-client';
import CustomerTable from './CustomerTable';
import { companyBody } from './CustomerCompanyForm';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  listSiteCustomers: jest.fn(),
  getSiteCustomer: jest.fn(),
  setSiteCustomerStatus: jest.fn(),
  setSiteCustomerCompany: jest.fn(),
  listCustomerUnits: jest.fn(),
  listCustomerProductOptions: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const zhou: SiteCustomer = {
  userId: 31,
  userName: '13700000031',
  nickName: '周明',
  phonenumber: '13700000031',
  email: '',
  status: '0',
  customerId: 9,
  customerName: '',
  products: [],
  wxBound: false,
  createTime: '2026-11-20 10:00:00',
};
const linked: SiteCustomer = {
  ...zhou,
  customerName: '东部某市供电公司',
  products: [
    { articleId: 104, title: '配电网故障智能诊断系统', version: 'V2.7.0' },
    { articleId: 101, title: '电网运行风险预警平台', version: 'V3.3 SP1' },
  ],
};

beforeEach(() => {
  m.listSiteCustomers.mockResolvedValue({ code: 200, msg: '查询成功', total: 1, rows: [zhou] });
  m.getSiteCustomer.mockResolvedValue({ code: 200, msg: '操作成功', data: zhou });
  m.listCustomerUnits.mockImplementation((keyword = '') =>
    Promise.resolve({
      code: 200,
      msg: '操作成功',
      data: [
        { id: 2, name: '南方某市供电局' },
        { id: 1, name: '国网华东某省电力有限公司' },
      ].filter((u) => u.name.includes(keyword)),
    }),
  );
  m.listCustomerProductOptions.mockResolvedValue({
    code: 200,
    msg: '操作成功',
    data: [
      { id: 101, title: '电网运行风险预警平台', versions: ['V3.3 SP1', 'V3.2.0'] },
      { id: 104, title: '配电网故障智能诊断系统', versions: ['V4.1.2', 'V2.6.1'] },
    ],
  });
  m.setSiteCustomerCompany.mockResolvedValue({ code: 200, msg: '操作成功', data: linked });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

function show() {
  render(
    <WithQueries>
      <App>
        <MemoryRouter>
          <CustomerTable />
        </MemoryRouter>
      </App>
    </WithQueries>,
  );
}

/** Picks the option `label` of the antd Select whose combobox is `box`. */
async function pick(box: HTMLElement, label: string | RegExp) {
  fireEvent.mouseDown(box);
  const option = await waitFor(() => {
    // This select's own dropdown (the listbox its combobox controls sits in it beside the visible options).
    const popup = document.getElementById(box.getAttribute('aria-controls') ?? '')?.parentElement;
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((o) =>
      typeof label === 'string' ? o.textContent === label : label.test(o.textContent ?? ''),
    );
    if (!found) throw new Error(`no option ${String(label)}`);
    return found;
  });
  fireEvent.click(option);
}

/** The texts of the options the dropdown of the Select whose combobox is `box` shows now (its empty text when none). */
async function shown(box: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(box);
  return waitFor(() => {
    const popup = document.getElementById(box.getAttribute('aria-controls') ?? '')?.parentElement?.parentElement;
    if (!popup) throw new Error('no dropdown');
    const options = [...popup.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
    return options.length ? options : [popup.querySelector('.ant-select-item-empty')?.textContent ?? ''];
  });
}

describe('客户管理 设置单位与产品 [issue 34.5]', () => {
  it('[issue 34.5] [issue 45.3] staff with 客户修改 set a new company by name and two products, each version picked from the product’s known versions or added once it passes the server’s rule; the drawer shows them', async () => {
    authStore.setInfo({
      user: { userId: 1, userName: 'admin', nickName: '管理员', avatar: '', customerId: null, deptId: null, postIds: [], phonenumber: '', email: '' },
      roles: ['custadmin'],
      permissions: ['system:customer:list', 'system:customer:get', 'system:customer:edit'],
    });
    show();
    await screen.findByText('周明');
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    const drawer = (await screen.findByText('客户详情')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getAllByText('未关联').length).toBe(2);
    fireEvent.click(within(drawer).getByRole('button', { name: '单位与产品' }));
    const dialog = (await screen.findByText('设置单位与产品：周明')).closest('.ant-modal') as HTMLElement;

    // A company nobody has yet: typed, offered as 新建单位.
    const unit = within(dialog).getByRole('combobox', { name: '客户单位' });
    fireEvent.change(unit, { target: { value: '东部某市供电公司' } });
    await waitFor(() => expect(m.listCustomerUnits).toHaveBeenLastCalledWith('东部某市供电公司'));
    await pick(unit, '新建单位“东部某市供电公司”');
    // Chosen, the field shows the unit's name (issue 45.3), never the choice's internal value.
    const field = unit.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(field.textContent).toContain('东部某市供电公司（新建单位）'));
    expect(field.textContent).not.toContain('new:');

    // Two products. A version is chosen for a product: none before it is picked.
    fireEvent.click(within(dialog).getByRole('button', { name: /添加产品/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添加产品/ }));
    const version1 = within(dialog).getByRole('combobox', { name: '产品 1 版本' });
    const version2 = within(dialog).getByRole('combobox', { name: '产品 2 版本' });
    expect(version1.closest('.ant-select')?.textContent).toBe('先选择产品');
    expect(version1.closest('.ant-select')?.className).toContain('ant-select-disabled');
    await pick(within(dialog).getByRole('combobox', { name: '产品 1' }), '配电网故障智能诊断系统');
    await pick(within(dialog).getByRole('combobox', { name: '产品 2' }), '电网运行风险预警平台');

    // The product's own versions, newest first, as the server knows them.
    expect(await shown(version1)).toEqual(['V4.1.2', 'V2.6.1']);
    // One it does not know is typed: refused with the server's rule, offered as new once it passes.
    fireEvent.change(version1, { target: { value: 'V2.7<b>' } });
    await waitFor(async () => expect(await shown(version1)).toEqual(['产品版本只能包含文字、数字、空格和 . _ - + ( )']));
    fireEvent.change(version1, { target: { value: 'V2.7.0 ' } });
    await pick(version1, '新增版本“V2.7.0”');
    await waitFor(() => expect(version1.closest('.ant-select')?.textContent).toBe('V2.7.0'));
    await pick(version2, 'V3.3 SP1');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ })));
    await waitFor(() =>
      expect(m.setSiteCustomerCompany).toHaveBeenCalledWith(31, {
        customerName: '东部某市供电公司',
        products: [
          { articleId: 104, version: 'V2.7.0' },
          { articleId: 101, version: 'V3.3 SP1' },
        ],
      }),
    );
    expect(await screen.findByText('保存成功')).toBeTruthy();
    // The drawer shows the answer; the list is asked again (CHANGES.customer).
    await waitFor(() => expect(within(drawer).getByText('东部某市供电公司')).toBeTruthy());
    expect(within(drawer).getByText('配电网故障智能诊断系统 V2.7.0')).toBeTruthy();
    expect(within(drawer).getByText('电网运行风险预警平台 V3.3 SP1')).toBeTruthy();
    await waitFor(() => expect(m.listSiteCustomers).toHaveBeenCalledTimes(2));
  });

  it('[issue 34.5] the form’s body: an existing company by id, a cleared one unlinks, versions trimmed', () => {
    expect(companyBody({ customerName: 'id:2', products: [{ articleId: 104, version: ' V2.6.2 ' }] })).toEqual({
      customerId: 2,
      products: [{ articleId: 104, version: 'V2.6.2' }],
    });
    expect(companyBody({ customerName: undefined, products: [] })).toEqual({ customerId: null, products: [] });
  });

  it('[issue 34.5] staff holding only 查询/查看 see the company and products but cannot set them', async () => {
    m.listSiteCustomers.mockResolvedValue({ code: 200, msg: '查询成功', total: 1, rows: [linked] });
    authStore.setInfo({
      user: {
        userId: 2,
        userName: 'viewer',
        nickName: '查看员',
        avatar: '',
        customerId: null,
        deptId: null,
        postIds: [],
        phonenumber: '',
        email: '',
      },
      roles: ['viewer'],
      permissions: ['system:customer:list', 'system:customer:get'],
    });
    show();
    expect(await screen.findByText('东部某市供电公司')).toBeTruthy();
    expect(screen.getByText('配电网故障智能诊断系统 V2.7.0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '单位与产品' })).toBeNull();
  });
});
