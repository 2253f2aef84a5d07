import { searchOfUrl, staticHead, useRouteSearch } from '@site/ui/render';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { RouteLoader } from '@site/ui/render';
import { prefetch } from '../../components/loaders';
import { channelArticlesQuery } from '../../components/useChannelArticles';
import { CHANNEL_IDS } from '@site/contract';
import { ClientOnly, useData, articleQuery, channelQuery, useSafeHtmlShown } from '@site/ui';
import { ChannelHeader } from '../../components/ChannelHeader';
import { PageContainer } from '../../components/PageContainer';
import { ContactDetails } from './ContactDetails';
import { MessageBoardForm } from './MessageBoardForm';
import { inquiryTitle, MESSAGE_BOARD_ANCHOR, readInquiry } from './product-inquiry';

export const head = staticHead('联系我们', '联系方式、公司地址与在线留言。');

/** The channel, its contact articles, and the product a 申请试用 link names. */
export const loader: RouteLoader = (args) => {
  const inquiry = readInquiry(searchOfUrl(args.url));
  return prefetch(args, [
    channelQuery(CHANNEL_IDS.contact),
    channelArticlesQuery(CHANNEL_IDS.contact),
    inquiry ? articleQuery(inquiry.productId) : null,
  ]);
};

/**
 * /contact: contact details from the server beside the message board. From a product's 申请试用 / 联系我们
 * (`?productId=&intent=#message-board`) the message title names the product and the board is scrolled into view.
 */
export default function Contact() {
  const search = useRouteSearch();
  const { hash } = useLocation();
  const inquiry = readInquiry(search);
  const product = useData(inquiry ? articleQuery(inquiry.productId) : null);
  const title = inquiry && product.data ? inquiryTitle(product.data.title, inquiry.intent) : undefined;
  const board = useRef<HTMLElement>(null);
  // Once the contact details' text shows (above the board on a phone): scrolled earlier, the board would move down.
  const shown = useSafeHtmlShown(hash === `#${MESSAGE_BOARD_ANCHOR}`);
  useEffect(() => {
    if (hash === `#${MESSAGE_BOARD_ANCHOR}` && !product.loading && shown) board.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, product.loading, shown]);

  return (
    <PageContainer>
      <ChannelHeader channelId={CHANNEL_IDS.contact} fallbackTitle="联系我们" />
      <div className="rc-contact">
        <div>
          <ContactDetails />
        </div>
        <section id={MESSAGE_BOARD_ANCHOR} ref={board} aria-labelledby="rc-message-board">
          <h2 id="rc-message-board">在线留言</h2>
          {/* The form needs JavaScript (captcha, validation): rendered by the browser, in space kept for it. */}
          <ClientOnly fallback={<div className="rc-message-board-placeholder" aria-busy="true" />}>
            <MessageBoardForm initialTitle={title} />
          </ClientOnly>
        </section>
      </div>
    </PageContainer>
  );
}
