import { CHANNEL_IDS } from '@site/contract';
import { ChannelHeader } from '../../components/ChannelHeader';
import { PageContainer } from '../../components/PageContainer';
import { ContactDetails } from './ContactDetails';
import { MessageBoardForm } from './MessageBoardForm';

/** /contact: contact details from the server beside the message board. */
export default function Contact() {
  return (
    <PageContainer>
      <ChannelHeader channelId={CHANNEL_IDS.contact} fallbackTitle="联系我们" />
      <div className="rc-contact">
        <div>
          <ContactDetails />
        </div>
        <section aria-labelledby="rc-message-board">
          <h2 id="rc-message-board">在线留言</h2>
          <MessageBoardForm />
        </section>
      </div>
    </PageContainer>
  );
}
