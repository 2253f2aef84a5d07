import { Tag, Typography } from '@site/antd-kit';
import { NOTICE } from '@site/contract';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { dictQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';

const TAG_COLORS: Record<string, string> = { primary: 'blue', success: 'green', info: 'default', warning: 'orange', danger: 'red' };

/** The dictionaries the shell reads. */
const SHELL_DICTS = [NOTICE.dictType];

function DictSection({ type }: { type: string }) {
  const q = useShellQuery(dictQuery(type));
  return (
    <PageSection title={type}>
      <ShellTable
        rowKey="dictValue"
        pagination={false}
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          {
            title: '字典标签 dictLabel',
            dataIndex: 'dictLabel',
            render: (v: string, r) => <Tag color={TAG_COLORS[r.listClass] ?? 'default'}>{v}</Tag>,
          },
          { title: '字典键值 dictValue', dataIndex: 'dictValue' },
          { title: '回显样式 listClass', dataIndex: 'listClass', render: (v: string) => v || '—' },
          { title: '样式属性 cssClass', dataIndex: 'cssClass', render: (v: string) => v || '—' },
        ]}
      />
    </PageSection>
  );
}

/** 字典管理 (system/dict/index): the dictionaries the shell reads, as the server answers them now (DICT-2, DICT-3). */
export default function DictPage() {
  return (
    <>
      <Typography.Paragraph type="secondary">
        字典管理：系统使用的数据字典。本页展示当前登录后缓存的字典数据（只读），其中 {NOTICE.dictType} 为通知公告的类型。
      </Typography.Paragraph>
      {SHELL_DICTS.map((type) => (
        <DictSection key={type} type={type} />
      ))}
    </>
  );
}
