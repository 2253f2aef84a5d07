import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/ui/render';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { ConfigProvider, zhCN } from '@site/antd-kit';
import Support from './pages/support/Support';
import DocumentCentre from './pages/document-centre/DocumentCentre';
import Question from './pages/question/Question';
import Video from './pages/video/Video';
import VideoDetail from './pages/video-detail/VideoDetail';

const NAV = [
  { to: '/support', label: '服务支持' },
  { to: '/document', label: '文档中心' },
  { to: '/question', label: '常见问题' },
  { to: '/video', label: '视频教程' },
];

/** The page's query cache, as the host gives one to a composed page. */
const queryClient = createQueryClient();

/** This remote on its own (its team's dev page): its pages without the host's layout, on the same paths. */
export function Standalone() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <BrowserRouter>
          <nav style={{ padding: 12, borderBottom: '1px solid #eee', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            {NAV.map((n) => (
              <Link key={n.to} to={n.to}>
                {n.label}
              </Link>
            ))}
          </nav>
          <main>
            <Routes>
              <Route path="/" element={<Navigate to="/support" replace />} />
              <Route path="/support" element={<Support />} />
              <Route path="/document" element={<DocumentCentre />} />
              <Route path="/question" element={<Question />} />
              <Route path="/video" element={<Video />} />
              <Route path="/videoDetail" element={<VideoDetail />} />
              <Route path="*" element={<p style={{ padding: 24 }}>页面不存在</p>} />
            </Routes>
          </main>
        </BrowserRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
