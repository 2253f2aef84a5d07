import type { ArticleWithText } from '@site/contract';
import { SafeHtml } from '@site/ui';

/**
 * The answer of one question: its HTML body (sanitised), or its short answer (description) when it has none. The
 * page carries it (the FAQ's pages come with their answers), so the HTML rendered ahead, a visitor without
 * JavaScript and the app all show this same text.
 */
export function QuestionAnswer({ question }: { question: ArticleWithText }) {
  if (question.text) return <SafeHtml className="rs-faq-a rs-article" html={question.text} />;
  return <p className="rs-faq-a">{question.description || '暂无解答'}</p>;
}
