import { useMemo, useState } from 'react';
import { App, Button, DeleteOutlined, Form, Input, PlusOutlined, Select, Space, Typography } from '@site/antd-kit';
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
 * 设置单位与产品 (issue 34.5): the company a customer account belongs to (picked by name, or a new one named here)
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
                    aria-label={`产品 ${i + 1}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'version']}
                  rules={[
                    { required: true, whitespace: true, message: '请填写产品版本' },
                    { max: CUSTOMER_VERSION_MAX, message: `产品版本不能超过${CUSTOMER_VERSION_MAX}个字符` },
                    {
                      validator: async (_, v?: string) => {
                        if (v?.trim() && !VERSION_PATTERN.test(v.trim())) throw new Error('产品版本只能包含文字、数字、空格和 . _ - + ( )');
                      },
                    },
                  ]}
                >
                  <Input style={{ width: 160 }} placeholder="版本，如 V3.2.0" maxLength={CUSTOMER_VERSION_MAX} aria-label={`产品 ${i + 1} 版本`} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除产品 ${i + 1}`} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= CUSTOMER_PRODUCTS_MAX}
              onClick={() => add({ version: '' })}
              block
            >
              添加产品
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  );
}

/** Products belong to a company: none may be set without one. */
async function companyRule(unit: string | undefined, products: CompanyFormValues['products'] | undefined) {
  if (!unit && (products ?? []).length) throw new Error('请先选择或填写客户单位，产品属于单位');
}
