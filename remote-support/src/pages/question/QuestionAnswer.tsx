import { SafeHtml, TextPlaceholder, useData, articleQuery } from '@site/ui';

/**
 * The answer of one question: its HTML body (sanitised), fetched when the panel first opens because
 * list rows carry no body. Until then, or if that fails, the short answer (description) stands in.
 */
export function QuestionAnswer({ id, summary }: { id: number; summary: string | null }) {
  const { data, loading } = useData(articleQuery(id));
  if (loading && !summary) return <TextPlaceholder rows={2} title={false} />;
  if (data?.text) return <SafeHtml className="rs-faq-a rs-article" html={data.text} />;
  return <p className="rs-faq-a">{summary || '暂无解答'}</p>;
}
