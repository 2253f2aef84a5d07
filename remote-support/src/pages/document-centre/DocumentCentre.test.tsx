import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { article, pageOf, renderAt } from '../../test-utils';
import DocumentCentre from './DocumentCentre';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getArticlePage: jest.fn(),
  getArticle: jest.fn(),
  downloadArticleFile: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getArticlePage' | 'getArticle' | 'downloadArticleFile', jest.Mock>;

const manual = article({
  id: 402,
  title: '配电网故障智能诊断系统用户手册',
  file: '/files/docs/manual.pdf',
  fileName: '用户手册.pdf',
  fileLength: 2048,
  customs: { fileType: 'PDF' },
});
const notes = article({ id: 410, title: 'V3.2.0 版本发布说明', file: '/files/docs/notes.txt', fileName: '发布说明.txt', fileLength: 512 });

beforeEach(() => {
  jest.clearAllMocks();
  api.getArticlePage.mockResolvedValue(pageOf([manual, notes]));
  api.downloadArticleFile.mockResolvedValue(true);
});

test('[ROUTE-15] 文档中心 lists documents with date, size and type, and asks the documents channel', async () => {
  renderAt(<DocumentCentre />, '/document');
  expect(await screen.findByText('配电网故障智能诊断系统用户手册')).toBeTruthy();
  expect(api.getArticlePage).toHaveBeenCalledWith(expect.objectContaining({ channelId: 15, page: 1 }));
  expect(screen.getByText('大小：2.0 KB')).toBeTruthy();
  expect(screen.getByText('类型：PDF')).toBeTruthy();
  expect(screen.getByText('类型：TXT')).toBeTruthy();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('[HTTP-9][API-31] 下载 of a row calls the generic download with that document id and file name', async () => {
  renderAt(<DocumentCentre />, '/document');
  fireEvent.click(await screen.findByRole('button', { name: '下载 V3.2.0 版本发布说明' }));
  await waitFor(() => expect(api.downloadArticleFile).toHaveBeenCalledWith(410, '发布说明.txt'));
});

test('[ISSUE-19.docs] each row has one download control: the title link and the 下载 button, no second download link', async () => {
  renderAt(<DocumentCentre />, '/document');
  const row = await screen.findByTestId('document-410');
  expect(within(row).getAllByRole('button')).toHaveLength(1);
  expect(
    within(row)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['V3.2.0 版本发布说明']);
});

test('?id= shows that document as a card on top of the list', async () => {
  api.getArticle.mockResolvedValue({ ...manual, text: '<p>文档正文</p><script>alert(1)</script>' });
  renderAt(<DocumentCentre />, '/document?id=402');
  expect(await screen.findByTestId('document-card')).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(402);
  expect(screen.getByText('文档正文')).toBeTruthy();
  expect(document.querySelector('script')).toBeNull();
});

test('an unknown ?id= shows 未找到该文档 and keeps the list', async () => {
  api.getArticle.mockRejectedValue(new Error('文章不存在'));
  renderAt(<DocumentCentre />, '/document?id=999999');
  expect(await screen.findByText('未找到该文档')).toBeTruthy();
  expect(await screen.findByText('V3.2.0 版本发布说明')).toBeTruthy();
});

test('an empty channel shows 暂无文档', async () => {
  api.getArticlePage.mockResolvedValue(pageOf([]));
  renderAt(<DocumentCentre />, '/document');
  expect(await screen.findByText('暂无文档')).toBeTruthy();
});

test('pages are real links (?page=, keeping ?id=) and a click loads that page in the app', async () => {
  api.getArticle.mockResolvedValue(manual);
  api.getArticlePage.mockImplementation(async ({ page }: { page: number }) => ({
    ...pageOf(page === 2 ? [notes] : [manual]),
    totalElements: 25,
    totalPages: 3,
  }));
  function Where() {
    const { search } = useLocation();
    return <output data-testid="search">{search}</output>;
  }
  renderAt(
    <Routes>
      <Route
        path="/document"
        element={
          <>
            <DocumentCentre />
            <Where />
          </>
        }
      />
    </Routes>,
    '/document?id=402',
  );
  const nav = await screen.findByRole('navigation', { name: '分页' });
  expect(nav.querySelector('a[title="2"]')!.getAttribute('href')).toBe('?id=402&page=2');
  fireEvent.click(screen.getByRole('link', { name: '2' }));
  expect(await screen.findByTestId('document-410')).toBeTruthy();
  expect(api.getArticlePage).toHaveBeenLastCalledWith(expect.objectContaining({ channelId: 15, page: 2 }));
  expect(screen.getByTestId('search').textContent).toBe('?id=402&page=2');
  expect(screen.getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
});
