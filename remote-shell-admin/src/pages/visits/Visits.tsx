import { useState } from 'react';
import { Radio } from '@site/ui-kit';
import { PageSection } from '../../components/PageSection';
import { VisitFigures } from '../../components/VisitFigures';

/** 访问统计 (content/visits/index): the visit records over a chosen number of days. */
export default function Visits() {
  const [days, setDays] = useState(7);
  return (
    <PageSection
      title="访问概况"
      extra={
        <Radio.Group value={days} onChange={(e) => setDays(e.target.value)} optionType="button" size="small" aria-label="统计天数">
          <Radio.Button value={7}>近 7 天</Radio.Button>
          <Radio.Button value={30}>近 30 天</Radio.Button>
        </Radio.Group>
      }
    >
      <VisitFigures days={days} />
    </PageSection>
  );
}
