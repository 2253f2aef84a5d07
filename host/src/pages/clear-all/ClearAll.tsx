import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSiteData } from './clear-site-data';
import { staticHead } from '@site/ui/render';

/** Its head (title before the dash, description). */
export const head = staticHead('清除缓存', '清除本站在浏览器中保存的数据。');

/** /clearAll: forget everything the site stored in this browser, then go home. */
export default function ClearAll() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const ran = useRef(false);
  useEffect(() => {
    if (!ran.current) {
      ran.current = true;
      clearSiteData();
      setDone(true);
    }
    const t = setTimeout(() => navigate('/', { replace: true }), 1200);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <main id="main-content" className="host-page host-page--center">
      <h1 className="host-page__h1">清除缓存</h1>
      <p role="status">{done ? '已清除本站的本地存储、会话存储和 Cookie，正在返回首页…' : '正在清除…'}</p>
    </main>
  );
}
