import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/ui/render';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { article } from '../../test-utils';
import { FaqItem } from './FaqItem';

const question = article({ id: 502, channelId: 16, title: '如何申请产品试用？', description: '请在联系我们页面留言。' });

/** The rendered page as the server sent it, then toggled by the visitor before the app ran, then hydrated. */
async function hydrateAfterNativeToggle(open: boolean) {
  const onOpenChange = jest.fn();
  const ui = (
    <QueryClientProvider client={createQueryClient()}>
      <FaqItem question={question} anchorId="rs-faq-502" open={open} onOpenChange={onOpenChange} />
    </QueryClientProvider>
  );
  const container = document.createElement('ul');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const details = container.querySelector('details')!;
  expect(details.open).toBe(open);
  // Its toggle event is dispatched before the app listens, as on a page whose scripts have not arrived.
  const toggled = new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
  details.open = !open;
  await toggled;
  await act(async () => {
    hydrateRoot(container, ui);
  });
  container.remove();
  return onOpenChange;
}

test('[ROUTE-16] a question the visitor opened before the app ran is adopted as open when the app hydrates', async () => {
  const onOpenChange = await hydrateAfterNativeToggle(false);
  expect(onOpenChange).toHaveBeenCalledWith(true);
  expect(onOpenChange).not.toHaveBeenCalledWith(false);
});

test('[SRCH-11] a question rendered open (?id=) that the visitor closed before the app ran is adopted as closed', async () => {
  const onOpenChange = await hydrateAfterNativeToggle(true);
  expect(onOpenChange).toHaveBeenCalledWith(false);
  expect(onOpenChange).not.toHaveBeenCalledWith(true);
});
