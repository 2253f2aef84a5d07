import { Table, type TableProps } from 'antd';
import { useSettings, type TableSize } from '../store/settings';

/** antd's own name for the settings' 'default' table size. */
export function antdTableSize(size: TableSize): 'large' | 'middle' | 'small' {
  return size === 'default' ? 'large' : size;
}

/** Every table of the shell: size and borders follow the settings drawer (SET-9, SET-10). */
export function ShellTable<T extends object>(props: TableProps<T>) {
  const { tableSize, tableBordered } = useSettings();
  return <Table<T> size={antdTableSize(tableSize)} bordered={tableBordered} {...props} data-table-size={tableSize} />;
}
