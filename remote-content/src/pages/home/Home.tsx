import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { bus, getCompany } from '@site/shared';

export default function Home() {
  const [company, setCompany] = useState('');
  useEffect(() => {
    getCompany().then((list) => setCompany(list[0]?.title ?? ''), () => undefined);
  }, []);
  return (
    <main>
      <h1>{company || '首页'}</h1>
      <Button onClick={() => bus.emit('skipPage', { url: '/news' })}>新闻中心</Button>
    </main>
  );
}
