import { Tag, Typography } from '@site/antd-kit';
import { NOTICE } from '@site/contract';
import { useAuth } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';

const TAG_COLORS: Record<string, string> = { primary: 'blue', success: 'green', info: 'default', warning: 'orange', danger: 'red' };

/** 字典管理 (system/dict/index): the dictionary cache the shell keeps for the signed-in user (DICT-2, DICT-3). */
export default function DictPage() {
  const { dicts } = useAuth();
  const types = Object.keys(dicts);
  return (
    <>
      <Typography.Paragraph type="secondary">
        字典管理：系统使用的数据字典。本页展示当前登录后缓存的字典数据（只读），其中 {NOTICE.dictType} 为通知公告的类型。
      </Typography.Paragraph>
      {types.length === 0 && <PageSection title="字典数据">暂无缓存的字典数据</PageSection>}
      {types.map((type) => (
        <PageSection key={type} title={type}>
          <ShellTable
            rowKey="dictValue"
            pagination={false}
            dataSource={dicts[type]}
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
      ))}
    </>
  );
}
