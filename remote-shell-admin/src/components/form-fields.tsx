import { Form, Switch, type FormRule } from '@site/antd-kit';

/*
 * Pieces of the shell's forms. The text rules say it one way everywhere: 标题不能为空, 标题不能超过300个字符. The
 * input's own maxLength stops typing at the limit; the rule still catches a longer value loaded or pasted in.
 */

/** May not be left blank (spaces only are blank); `message` where the form asks in its own words (请输入昵称). */
export const filled = (label: string, message = `${label}不能为空`): FormRule => ({ required: true, whitespace: true, message });

/** At most `max` characters. */
export const atMost = (label: string, max: number): FormRule => ({ max, message: `${label}不能超过${max}个字符` });

/** A text that must be filled in, of at most `max` characters. */
export const filledText = (label: string, max: number, message?: string): FormRule[] => [filled(label, message), atMost(label, max)];

/** A yes/no field: a switch under its label. */
export function SwitchItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
