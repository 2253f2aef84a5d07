import { useEffect, useState, type ReactNode } from 'react';
import { Card, Typography } from '@site/ui-kit';
import { Link } from 'react-router-dom';
import { getCompany } from '@site/api';
import { COMPANY_NAME } from '@site/contract';

interface Props {
  /** The page's one <h1>. */
  title: string;
  children: ReactNode;
}

interface Brand {
  name: string;
  logo: string | null;
}

/**
 * The spec's user layout for every account page: the company logo and name (from the company block,
 * falling back to the built-in name), the greeting 你好！欢迎使用 and the form card.
 */
export function UserLayout({ title, children }: Props) {
  const [brand, setBrand] = useState<Brand>({ name: COMPANY_NAME, logo: null });

  useEffect(() => {
    let live = true;
    getCompany().then(
      (items) => {
        const first = items[0];
        if (live && first) setBrand({ name: first.title || COMPANY_NAME, logo: first.image });
      },
      () => undefined, // the built-in name stays; the client already notified
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div style={{ width: '100%', maxWidth: 420, margin: '0 auto', padding: '24px 12px', boxSizing: 'border-box' }}>
      <header style={{ textAlign: 'center', marginBottom: 16 }}>
        <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit' }}>
          {brand.logo && <img src={brand.logo} alt={`${brand.name} 标志`} style={{ height: 36, maxWidth: 120, objectFit: 'contain' }} />}
          <span style={{ fontSize: 20, fontWeight: 600 }}>{brand.name}</span>
        </Link>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          你好！欢迎使用
        </Typography.Paragraph>
      </header>
      <Card>
        <h1 style={{ fontSize: 22, margin: '0 0 16px', textAlign: 'center' }}>{title}</h1>
        {children}
      </Card>
    </div>
  );
}
