import { RemoteStandalone, type StandalonePage } from '@site/ui/standalone';
import { ConfigProvider, zhCN } from '@site/antd-kit';
import Support from './pages/support/Support';
import DocumentCentre from './pages/document-centre/DocumentCentre';
import Question from './pages/question/Question';
import Video from './pages/video/Video';
import VideoDetail from './pages/video-detail/VideoDetail';

/** The routes of this remote, as the host's route table mounts them; a detail page is reached from its list. */
const PAGES: StandalonePage[] = [
  { path: '/support', name: '服务支持', element: <Support /> },
  { path: '/document', name: '文档中心', element: <DocumentCentre /> },
  { path: '/question', name: '常见问题', element: <Question /> },
  { path: '/video', name: '视频教程', element: <Video /> },
  { path: '/videoDetail', element: <VideoDetail /> },
];

/** This remote on its own (its team's dev page): its pages without the host's layout, on the same paths. */
export function Standalone() {
  return (
    <ConfigProvider locale={zhCN}>
      <RemoteStandalone remote="remote-support" pages={PAGES} home="/support" />
    </ConfigProvider>
  );
}
