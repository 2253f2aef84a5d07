import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { App, SiteConfigProvider } from '@site/antd-kit';
import * as api from '@site/api-client';
import { ARTICLE_STATUS, type AdminArticleDetail } from '@site/contract';
import { WithQueries } from '../../test/query-client';
import { ArticleEditor } from './ArticleEditor';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getAdminArticle: jest.fn(),
  updateArticle: jest.fn(),
}));
// The rich-text editor (its own lazy chunk) has nothing to do with the publish time.
jest.mock('../../components/rich-text/LazyRichText', () => ({ LazyRichText: () => null }));
const m = api as jest.Mocked<typeof api>;

const article: AdminArticleDetail = {
  id: 7,
  channelId: 12,
  channelName: '新闻动态',
  title: '公司发布新版本',
  status: ARTICLE_STATUS.published,
  top: false,
  sort: 0,
  tags: [],
  image: null,
  publishDate: '2026-11-20 10:00:00',
  updatedAt: '2026-11-20 10:00:00',
  updatedBy: 'admin',
  version: 3,
  reviewComment: null,
  subtitle: null,
  description: null,
  text: '<p>正文</p>',
  author: null,
  source: null,
  video: null,
  poster: null,
  file: null,
  fileName: null,
  fileLength: null,
  createdBy: 'admin',
  createdAt: '2026-11-20 10:00:00',
};

beforeAll(() => {
  // As the host does at start: the page's dayjs speaks Chinese.
  dayjs.locale('zh-cn');
});
beforeEach(() => {
  m.getAdminArticle.mockResolvedValue({ code: 200, msg: '操作成功', data: article });
  m.updateArticle.mockResolvedValue({ code: 200, msg: '操作成功', data: article });
});
afterEach(() => jest.clearAllMocks());

/** The 发布时间 field once the picker's chunk is in (before that, a disabled stand-in has its id). */
const publishField = () =>
  waitFor(() => {
    const input = screen.getByLabelText('发布时间') as HTMLInputElement;
    if (!input.closest('.ant-picker')) throw new Error('picker not loaded yet');
    return input;
  });
const save = () => act(async () => fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!));

test('[issue 45.3] 发布时间 is antd’s DatePicker with time, in Chinese whatever the browser’s language; it sends `YYYY-MM-DD HH:mm:ss`, and empty (保存时) as null', async () => {
  render(
    <SiteConfigProvider>
      <App>
        <WithQueries>
          <ArticleEditor id={7} channels={[{ value: 12, label: '新闻动态' }]} onClose={jest.fn()} onSaved={jest.fn()} />
        </WithQueries>
      </App>
    </SiteConfigProvider>,
  );
  const input = await publishField();
  await waitFor(() => expect(input.value).toBe('2026-11-20 10:00:00'));
  // Not the browser's own datetime-local field, whose texts follow the browser's language.
  expect(input.type).toBe('text');
  expect(input.placeholder).toBe('留空为保存时');
  expect(screen.getByText('留空为保存时；晚于现在则到时发布')).toBeTruthy();

  fireEvent.mouseDown(input);
  fireEvent.click(input);
  expect(await screen.findByText('此刻')).toBeTruthy();
  const ok = screen.getByText(/^确\s?定$/).closest('button')!;
  fireEvent.change(input, { target: { value: '2026-12-01 08:30:00' } });
  fireEvent.click(ok);
  await waitFor(() => expect(input.value).toBe('2026-12-01 08:30:00'));
  await save();
  await waitFor(() => expect(m.updateArticle).toHaveBeenCalledTimes(1));
  expect(m.updateArticle.mock.calls[0][0]).toBe(7);
  expect(m.updateArticle.mock.calls[0][1]).toMatchObject({ publishDate: '2026-12-01 08:30:00', version: 3 });

  // Cleared, the article is published at the time it is saved: the server is sent no time.
  const clear = input.closest('.ant-picker')!.querySelector('.ant-picker-clear')!;
  fireEvent.mouseDown(clear);
  fireEvent.click(clear);
  await waitFor(() => expect(input.value).toBe(''));
  await save();
  await waitFor(() => expect(m.updateArticle).toHaveBeenCalledTimes(2));
  expect(m.updateArticle.mock.calls[1][1]).toMatchObject({ publishDate: null });
});
