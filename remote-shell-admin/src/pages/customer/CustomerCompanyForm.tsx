import { useMemo, useState } from 'react';
import { App, Button, DeleteOutlined, Form, PlusOutlined, Select, Space, Typography } from '@site/antd-kit';
import { setSiteCustomerCompany } from '@site/api-client';
import { CUSTOMER_NAME_MAX, CUSTOMER_PRODUCTS_MAX, CUSTOMER_VERSION_MAX, type SiteCustomer, type SiteCustomerCompanyBody } from '@site/contract';
import { customerProductOptionsQuery, customerUnitsQuery } from '../../data/queries';
import { useChanged, useShellQuery } from '../../data/shell-query';
import { FormDialog } from '../../list-page';

/** A 客户单位 choice: an existing company (`id:<n>`) or a new one by the name typed (`new:<name>`). */
const EXISTING = 'id:';
const NEW = 'new:';

/** A product version as the server takes it (routes/customers.ts versionText): one line of letters, digits and . _ - + ( ). */
export const VERSION_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._+()-]*$/u;

/** Why the server would refuse this version (trimmed, not empty), or null. */
export function versionProblem(v: string): string | null {
  if (v.length > CUSTOMER_VERSION_MAX) return `产品版本不能超过${CUSTOMER_VERSION_MAX}个字符`;
  if (!VERSION_PATTERN.test(v)) return '产品版本只能包含文字、数字、空格和 . _ - + ( )';
  return null;
}

export interface CompanyFormValues {
  customerName?: string;
  products: { articleId?: number; version?: string }[];
}

/** The body of `PUT /system/customer/{id}/company` from the form's values. */
export function companyBody(v: CompanyFormValues): SiteCustomerCompanyBody {
  const unit = v.customerName ?? '';
  const products = (v.products ?? []).map((p) => ({ articleId: p.articleId as number, version: (p.version ?? '').trim() }));
  if (unit.startsWith(EXISTING)) return { customerId: Number(unit.slice(EXISTING.length)), products };
  if (unit.startsWith(NEW)) return { customerName: unit.slice(NEW.length).trim(), products };
  return { customerId: null, products };
}

/**
 * 设置单位与产品: the company a customer account belongs to (picked by name, or a new one named here)
 * and the products that company uses, each with its version. Products belong to the company: every account of it
 * sees them on its workbench.
 */
export function CustomerCompanyForm({
  customer,
  onClose,
  onSaved,
}: {
  customer: SiteCustomer;
  onClose: () => void;
  onSaved: (next: SiteCustomer) => void;
}) {
  const { message } = App.useApp();
  const changed = useChanged();
  const [form] = Form.useForm<CompanyFormValues>();
  const [typed, setTyped] = useState('');
  // A new unit once chosen stays a choice (the typed text is cleared): else the field would show its internal value.
  const [pickedNew, setPickedNew] = useState<{ value: string; label: string } | null>(null);
  const keyword = typed.trim();
  const units = useShellQuery(customerUnitsQuery(keyword));
  const products = useShellQuery(customerProductOptionsQuery());

  const unitOptions = useMemo(() => {
    const list = (units.data ?? []).map((u) => ({ value: `${EXISTING}${u.id}`, label: u.name }));
    const current =
      customer.customerId && customer.customerName ? { value: `${EXISTING}${customer.customerId}`, label: customer.customerName } : null;
    if (current && !list.some((o) => o.value === current.value) && (!keyword || current.label.includes(keyword))) list.unshift(current);
    if (keyword && keyword.length <= CUSTOMER_NAME_MAX && !list.some((o) => o.label === keyword))
      list.push({ value: `${NEW}${keyword}`, label: `新建单位“${keyword}”` });
    else if (pickedNew && !keyword) list.push(pickedNew);
    return list;
  }, [units.data, customer.customerId, customer.customerName, keyword, pickedNew]);
  const productOptions = (products.data ?? []).map((p) => ({ value: p.id, label: p.title }));
  const versionsOf = (articleId?: number) => products.data?.find((p) => p.id === articleId)?.versions ?? [];

  const submit = async (v: CompanyFormValues) => {
    const r = await setSiteCustomerCompany(customer.userId, companyBody(v));
    void message.success('保存成功');
    await changed('customer');
    onSaved(r.data ?? customer);
  };

  return (
    <FormDialog<CompanyFormValues>
      form={form}
      name="customer-company"
      className="customer-company-form"
      title={`设置单位与产品：${customer.nickName}`}
      width={560}
      initialValues={{
        customerName: customer.customerId && customer.customerName ? `${EXISTING}${customer.customerId}` : undefined,
        products: customer.products.filter((p) => p.articleId !== null).map((p) => ({ articleId: p.articleId ?? undefined, version: p.version })),
      }}
      fields={['customerName', 'products']}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="customerName"
        label="客户单位"
        extra="输入单位名称查找；没有时选择“新建单位”。清空则不关联单位。"
        rules={[{ validator: async (_, v?: string) => companyRule(v, form.getFieldValue('products')) }]}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setTyped }}
          allowClear
          placeholder="选择或新建客户单位"
          options={unitOptions}
          loading={units.isFetching}
          notFoundContent={keyword ? null : '输入单位名称'}
          onChange={(v?: string) => {
            setTyped('');
            setPickedNew(v?.startsWith(NEW) ? { value: v, label: `${v.slice(NEW.length)}（新建单位）` } : null);
          }}
          aria-label="客户单位"
        />
      </Form.Item>
      <Typography.Text strong>使用产品</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        产品属于单位，同单位的客户账号都会看到。
      </Typography.Paragraph>
      <Form.List name="products">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" className="customer-product-row" wrap>
                <Form.Item
                  name={[f.name, 'articleId']}
                  rules={[
                    { required: true, message: '请选择产品' },
                    {
                      validator: async (_, id?: number) => {
                        const all = (form.getFieldValue('products') ?? []) as CompanyFormValues['products'];
                        if (id && all.some((p, j) => j !== i && p?.articleId === id)) throw new Error('同一产品只能添加一次');
                      },
                    },
                  ]}
                >
                  <Select
                    style={{ width: 260 }}
                    placeholder="选择产品"
                    options={productOptions}
                    loading={products.isFetching}
                    // Another product's versions are not this one's: the version is chosen again.
                    onChange={() => form.setFieldValue(['products', f.name, 'version'], undefined)}
                    aria-label={`产品 ${i + 1}`}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={[['products', f.name, 'articleId']]}>
                  {() => {
                    const articleId = form.getFieldValue(['products', f.name, 'articleId']) as number | undefined;
                    return (
                      <Form.Item
                        name={[f.name, 'version']}
                        rules={[
                          { required: true, whitespace: true, message: '请选择产品版本' },
                          {
                            validator: async (_, v?: string) => {
                              const problem = v?.trim() ? versionProblem(v.trim()) : null;
                              if (problem) throw new Error(problem);
                            },
                          },
                        ]}
                      >
                        <VersionSelect versions={versionsOf(articleId)} disabled={!articleId} label={`产品 ${i + 1} 版本`} />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除产品 ${i + 1}`} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= CUSTOMER_PRODUCTS_MAX} onClick={() => add()} block>
              添加产品
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  );
}

/**
 * 版本: one of the product's versions the server knows (productOptions), searchable. A version it does not know yet
 * (the first of a product, a customer's older release) is typed and offered as 新增版本“…” once it passes the rule
 * the server checks; otherwise the list says why. Typos of a known version are thus a deliberate choice, never
 * the free text they were.
 */
function VersionSelect({
  value,
  onChange,
  id,
  versions,
  disabled,
  label,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  versions: string[];
  disabled: boolean;
  label: string;
}) {
  const [typed, setTyped] = useState('');
  const text = typed.trim();
  // The saved version stays a choice even if the product's list no longer names it.
  const known = value && !versions.includes(value) ? [value, ...versions] : versions;
  const problem = text ? versionProblem(text) : null;
  const options = known.map((v) => ({ value: v, label: v }));
  if (text && !problem && !known.includes(text)) options.push({ value: text, label: `新增版本“${text}”` });
  return (
    <Select
      id={id}
      style={{ width: 200 }}
      value={value}
      // Matched on the trimmed text, as the new version it offers is.
      showSearch={{
        onSearch: setTyped,
        filterOption: (input, o) =>
          String(o?.value ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
      options={options}
      disabled={disabled}
      placeholder={disabled ? '先选择产品' : '选择版本'}
      notFoundContent={problem ?? '暂无已知版本，输入版本号新增'}
      onChange={(v?: string) => {
        setTyped('');
        onChange?.(v);
      }}
      onBlur={() => setTyped('')}
      aria-label={label}
    />
  );
}

/** Products belong to a company: none may be set without one. */
async function companyRule(unit: string | undefined, products: CompanyFormValues['products'] | undefined) {
  if (!unit && (products ?? []).length) throw new Error('请先选择或填写客户单位，产品属于单位');
}
