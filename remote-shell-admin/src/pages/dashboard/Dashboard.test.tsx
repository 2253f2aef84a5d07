import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import { readSupportInfo } from '../../components/support-url';
import { WithQueries } from '../../test/query-client';
import Dashboard from './Dashboard';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getDicts: jest.fn(() => Promise.resolve({ code: 200, msg: '', data: [] })),
  getNoticeList: jest.fn(),
  getWorkbenchAccount: jest.fn(),
  getWorkbenchDocuments: jest.fn(),
  getMyMessages: jest.fn(),
  postMyMessage: jest.fn(),
  getVisitStats: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const customer = {
  userId: 9,
  userName: '13800138000',
  nickName: '张工',
  avatar: '',
  customerId: 2,
  deptId: null,
  postIds: [],
  phonenumber: '13800138000',
  email: '',
};
const account = {
  customer: { id: 2, name: '南方某市供电局', contactName: '陈工' },
  productName: '配电网故障智能诊断系统',
  productVersion: 'V2.6.1',
  productArticleId: 104,
  products: [{ articleId: 104, title: '配电网故障智能诊断系统', version: 'V2.6.1' }],
  supportUrl: 'https://kefu.test/chat',
};

beforeEach(() => {
  m.getNoticeList.mockResolvedValue({
    code: 200,
    msg: '查询成功',
    total: 1,
    rows: [
      {
        noticeId: 1,
        noticeTitle: '客户服务门户上线公告',
        noticeType: '2',
        noticeContent: '<p>x</p>',
        status: '0',
        createTime: '2026-11-01 10:00:00',
        createBy: 'admin',
        audience: 'customer',
      },
    ],
  } as never);
  m.getWorkbenchAccount.mockResolvedValue({ code: 200, msg: '操作成功', data: account });
  m.getWorkbenchDocuments.mockResolvedValue({
    code: 200,
    msg: '操作成功',
    data: [
      {
        id: 402,
        title: '配电网故障智能诊断系统用户手册',
        fileName: 'manual.pdf',
        docType: '用户手册',
        product: '配电网故障智能诊断系统',
        publishDate: '2026-10-01 09:00:00',
      },
    ],
  });
  m.getMyMessages.mockResolvedValue({
    code: 200,
    msg: '查询成功',
    total: 1,
    rows: [
      {
        id: 7,
        title: '诊断报告导出问题',
        text: '导出的报告缺少波形图',
        nickname: '张工',
        contact: null,
        phone: '13800138000',
        email: null,
        ip: null,
        createTime: '2026-11-02 10:00:00',
        status: '1',
        reply: '已在 V2.6.2 修复，请升级',
        repliedAt: '2026-11-03 09:00:00',
        repliedBy: 'admin',
        replySms: 'sent',
      },
    ],
  } as never);
  m.getVisitStats.mockReturnValue(new Promise(() => {}));
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
          <Dashboard />
        </MemoryRouter>
      </App>
    </WithQueries>,
  );
}

describe('/index workbench', () => {
  it('[ISSUE-19 customer] a customer sees their account, product version, customer notices, documents, messages with the reply, and the support link', async () => {
    authStore.setInfo({ user: customer, roles: [], permissions: [] });
    show();
    const acc = await screen.findByText('南方某市供电局');
    expect(acc).toBeTruthy();
    expect(screen.getByText('V2.6.1')).toBeTruthy();
    expect(screen.getByText('普通用户')).toBeTruthy();
    expect(screen.queryByText('ROLE_DEFAULT')).toBeNull();
    expect(screen.getByRole('link', { name: '配电网故障智能诊断系统' }).getAttribute('href')).toBe('/productDetail?id=104');
    expect(screen.getByRole('heading', { name: '客户通知' })).toBeTruthy();
    expect(await screen.findByText('客户服务门户上线公告')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '配电网故障智能诊断系统用户手册' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 配电网故障智能诊断系统用户手册' })).toBeTruthy();
    const message = (await screen.findByText('诊断报告导出问题')).closest('.workbench-message') as HTMLElement;
    expect(within(message).getByText('已在 V2.6.2 修复，请升级')).toBeTruthy();
    expect(within(message).getByText('已处理')).toBeTruthy();
    const support = screen.getByRole('link', { name: /联系客服/ });
    expect(readSupportInfo(support.getAttribute('href')!)).toEqual({
      userName: '13800138000',
      phone: '13800138000',
      productVersion: 'V2.6.1',
      customerName: '南方某市供电局',
    });
    expect(screen.queryByText(/访问统计/)).toBeNull();
    expect(m.getVisitStats).not.toHaveBeenCalled();
  });

  it('[ISSUE-19 customer][SUPPORT-1 deviation: no link until a customer-service page is configured, see contract README] no customer-service page configured: no support link', async () => {
    m.getWorkbenchAccount.mockResolvedValue({ code: 200, msg: '操作成功', data: { ...account, supportUrl: '' } });
    authStore.setInfo({ user: customer, roles: [], permissions: [] });
    show();
    await screen.findByText('南方某市供电局');
    expect(screen.queryByRole('link', { name: /联系客服/ })).toBeNull();
  });

  it('[ISSUE-27.9] a new customer’s workbench says what the account lacks instead of borrowing values: no company, product, version or documents', async () => {
    m.getWorkbenchAccount.mockResolvedValue({
      code: 200,
      msg: '操作成功',
      data: {
        customer: { id: 9, name: '', contactName: '周明' },
        productName: '',
        productVersion: '',
        productArticleId: null,
        products: [],
        supportUrl: '',
      },
    });
    m.getWorkbenchDocuments.mockResolvedValue({ code: 200, msg: '操作成功', data: [] });
    m.getMyMessages.mockResolvedValue({ code: 200, msg: '查询成功', total: 0, rows: [] } as never);
    authStore.setInfo({ user: { ...customer, nickName: '周明', customerId: 9 }, roles: [], permissions: [] });
    show();
    const acc = (await screen.findByText('未关联客户单位')).closest('.workbench-account') as HTMLElement;
    expect(within(acc).getByText('周明')).toBeTruthy();
    expect(within(acc).getByText('暂未关联产品')).toBeTruthy();
    expect(within(acc).getByText('暂无')).toBeTruthy();
    expect(within(acc).queryByText('V3.2.0')).toBeNull();
    expect(await screen.findByText('您的账户尚未关联产品，暂无产品文档，可在文档中心查看公开文档')).toBeTruthy();
    expect(await screen.findByText('您还没有留言，点击“我要留言”向我们提问')).toBeTruthy();
  });

  it('[issue 34.5] the workbench shows the company and every product it uses with its version, and the product’s document first', async () => {
    m.getWorkbenchAccount.mockResolvedValue({
      code: 200,
      msg: '操作成功',
      data: {
        ...account,
        customer: { id: 12, name: '东部某市供电公司', contactName: '赵工' },
        productName: '配电网故障智能诊断系统',
        productVersion: 'V2.7.0',
        products: [
          { articleId: 104, title: '配电网故障智能诊断系统', version: 'V2.7.0' },
          { articleId: 101, title: '电网运行风险预警平台', version: 'V3.3 SP1' },
        ],
      },
    });
    m.getWorkbenchDocuments.mockResolvedValue({
      code: 200,
      msg: '操作成功',
      data: [
        {
          id: 402,
          title: '配电网故障智能诊断系统用户手册',
          fileName: 'a.pdf',
          docType: '用户手册',
          product: '配电网故障智能诊断系统',
          publishDate: '2026-10-01 09:00:00',
        },
        { id: 410, title: '产品软件运行环境要求清单', fileName: 'b.pdf', docType: '', product: '', publishDate: '2026-11-01 09:00:00' },
      ],
    });
    authStore.setInfo({ user: { ...customer, customerId: 12 }, roles: [], permissions: [] });
    show();
    const acc = (await screen.findByText('东部某市供电公司')).closest('.workbench-account') as HTMLElement;
    expect(within(acc).getByRole('link', { name: '配电网故障智能诊断系统' }).getAttribute('href')).toBe('/productDetail?id=104');
    expect(within(acc).getByRole('link', { name: '电网运行风险预警平台' }).getAttribute('href')).toBe('/productDetail?id=101');
    expect(within(acc).getByText('配电网故障智能诊断系统：V2.7.0')).toBeTruthy();
    expect(within(acc).getByText('电网运行风险预警平台：V3.3 SP1')).toBeTruthy();
    expect(within(acc).queryByText('未关联客户单位')).toBeNull();
    expect(within(acc).queryByText('暂未关联产品')).toBeNull();
    await screen.findByRole('link', { name: '产品软件运行环境要求清单' });
    const docs = [...document.querySelectorAll('.workbench-documents .ant-list-item a')].map((a) => a.textContent);
    expect(docs).toEqual(['配电网故障智能诊断系统用户手册', '产品软件运行环境要求清单']);
  });

  it('[issue 45.3] a document for one of the customer’s products is marked with that product; a general one is not', async () => {
    m.getWorkbenchDocuments.mockResolvedValue({
      code: 200,
      msg: '操作成功',
      data: [
        {
          id: 402,
          title: '配电网故障智能诊断系统用户手册',
          fileName: 'a.pdf',
          docType: '用户手册',
          product: '配电网故障智能诊断系统',
          publishDate: '2026-10-01 09:00:00',
        },
        { id: 410, title: '产品软件运行环境要求清单', fileName: 'b.pdf', docType: '', product: '', publishDate: '2026-11-01 09:00:00' },
      ],
    });
    authStore.setInfo({ user: customer, roles: [], permissions: [] });
    show();
    await screen.findByRole('link', { name: '产品软件运行环境要求清单' });
    const [manual, general] = [...document.querySelectorAll<HTMLElement>('.workbench-documents .ant-list-item')];
    expect(within(manual).getByText('适用于 配电网故障智能诊断系统')).toBeTruthy();
    expect(within(general).queryByText(/^适用于/)).toBeNull();
  });

  it('[ISSUE-27.10] 我要留言 opens a form that files the message under the account, then lists it', async () => {
    authStore.setInfo({ user: customer, roles: [], permissions: [] });
    m.postMyMessage.mockResolvedValue({ code: 200, msg: '留言成功', data: {} as never });
    show();
    await screen.findByText('诊断报告导出问题');
    fireEvent.click(screen.getByRole('button', { name: /我要留言/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('回复将显示在“我的留言”中，并以短信发送至 138****8000。')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ })));
    expect(await within(dialog).findByText('标题不能为空')).toBeTruthy();
    expect(m.postMyMessage).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: ' 巡检时间 ' } });
    fireEvent.change(within(dialog).getByLabelText('留言内容'), { target: { value: '能否改到周五？' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ })));
    await waitFor(() => expect(m.postMyMessage).toHaveBeenCalledWith({ title: '巡检时间', text: '能否改到周五？' }));
    expect(await screen.findByText(/^留言成功/)).toBeTruthy();
    await waitFor(() => expect(m.getMyMessages).toHaveBeenCalledTimes(2));
  });

  it('[issue 45.3] the 留言成功 notice says how the answer comes, in the words the form said it before sending', async () => {
    authStore.setInfo({ user: customer, roles: [], permissions: [] });
    m.postMyMessage.mockResolvedValue({ code: 200, msg: '留言成功', data: {} as never });
    show();
    await screen.findByText('诊断报告导出问题');
    fireEvent.click(screen.getByRole('button', { name: /我要留言/ }));
    const dialog = await screen.findByRole('dialog');
    const note = '回复将显示在“我的留言”中，并以短信发送至 138****8000。';
    expect(within(dialog).getByText(note)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '巡检时间' } });
    fireEvent.change(within(dialog).getByLabelText('留言内容'), { target: { value: '能否改到周五？' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ })));
    const notice = (await screen.findByText(`留言成功。${note}`)).closest('.ant-message-notice');
    expect(notice).toBeTruthy();
  });

  it('[ISSUE-19 customer] staff keep the staff workbench with role names in Chinese and no “no permission” card', async () => {
    authStore.setInfo({ user: { ...customer, userName: 'editor', customerId: null }, roles: ['editor'], permissions: ['system:notice:list'] });
    show();
    expect(await screen.findByText('内容编辑')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '最新通知' })).toBeTruthy();
    expect(screen.queryByText('没有查看访问统计的权限')).toBeNull();
    expect(screen.queryByText(/访问统计/)).toBeNull();
    expect(m.getWorkbenchDocuments).not.toHaveBeenCalled();
  });
});
