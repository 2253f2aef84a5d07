import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useSearchParams } from 'react-router-dom';
import { CategoryTabs } from './CategoryTabs';

const TABS = [
  { key: '14', label: '全部产品' },
  { key: '20', label: '风险预警' },
  { key: '21', label: '故障诊断' },
];

/** As the product list uses it: the selected category is the URL's `?c=`. */
function Tabs() {
  const [params] = useSearchParams();
  const active = params.get('c') ?? '14';
  return (
    <CategoryTabs tabs={TABS} active={active} href={(c) => `/list?c=${c}`} label="产品分类">
      <p>列表 {active}</p>
    </CategoryTabs>
  );
}

const Harness = () => (
  <MemoryRouter initialEntries={['/list']}>
    <Tabs />
  </MemoryRouter>
);

describe('CategoryTabs (product categories without antd)', () => {
  it('[ROUTE-6] marks the selected tab and labels the panel with it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: '产品分类' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部产品' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '全部产品' }).textContent).toBe('列表 14');
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('href'))).toEqual(['/list?c=14', '/list?c=20', '/list?c=21']);
  });

  it('[ROUTE-6] a click or the arrow keys select another category; only the selected tab is tabbable', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: '风险预警' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('列表 20');
    fireEvent.keyDown(screen.getByRole('tab', { name: '风险预警' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '故障诊断' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: '故障诊断' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('列表 14');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });
});
