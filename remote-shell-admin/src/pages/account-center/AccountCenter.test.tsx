import { render, screen } from '@testing-library/react';
import { App } from '@site/antd-kit';
import * as api from '@site/api-client';
import { authStore } from '@site/app-runtime';
import { WithQueries } from '../../test/query-client';
import AccountCenter from './AccountCenter';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getProfile: jest.fn(),
  getWorkbenchAccount: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const user = {
  userId: 31,
  userName: '13700000031',
  nickName: '赵工',
  avatar: '',
  customerId: 12,
  deptId: null,
  postIds: [],
  phonenumber: '13700000031',
  email: '',
};

beforeEach(() => {
  m.getProfile.mockResolvedValue({ code: 200, msg: '', data: user, roleGroup: '', postGroup: '' } as never);
  m.getWorkbenchAccount.mockResolvedValue({
    code: 200,
    msg: '操作成功',
    data: {
      customer: { id: 12, name: '东部某市供电公司', contactName: '赵工' },
      products: [
        { articleId: 104, title: '配电网故障智能诊断系统', version: 'V2.7.0' },
        { articleId: 101, title: '电网运行风险预警平台', version: 'V3.3 SP1' },
      ],
      productName: '配电网故障智能诊断系统',
      productVersion: 'V2.7.0',
      productArticleId: 104,
      supportUrl: '',
    },
  });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

const show = () =>
  render(
    <WithQueries>
      <App>
        <AccountCenter />
      </App>
    </WithQueries>,
  );

describe('个人中心 [issue 34.5]', () => {
  it('[issue 34.5] a customer’s 个人中心 shows the company and the products with versions instead of 所属岗位', async () => {
    authStore.setInfo({ user, roles: [], permissions: [] });
    show();
    expect(await screen.findByText('东部某市供电公司')).toBeTruthy();
    expect(screen.getByText('客户单位')).toBeTruthy();
    expect(screen.getByText('配电网故障智能诊断系统 V2.7.0')).toBeTruthy();
    expect(screen.getByText('电网运行风险预警平台 V3.3 SP1')).toBeTruthy();
    expect(screen.queryByText('所属岗位')).toBeNull();
  });

  it('[issue 34.5] staff keep 所属岗位 and no company', async () => {
    m.getProfile.mockResolvedValue({
      code: 200,
      msg: '',
      data: { ...user, userName: 'editor', customerId: null },
      roleGroup: '内容编辑',
      postGroup: '编辑岗',
    } as never);
    authStore.setInfo({ user: { ...user, userName: 'editor', customerId: null }, roles: ['editor'], permissions: [] });
    show();
    expect(await screen.findByText('编辑岗')).toBeTruthy();
    expect(screen.getByText('所属岗位')).toBeTruthy();
    expect(screen.queryByText('客户单位')).toBeNull();
  });
});
