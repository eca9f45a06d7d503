import type { ReactNode } from "react";
import { Pagination } from "./pagination";
import { Table, TableMessage, Td, Th } from "./table";

export interface Column<T> {
  header: string;
  /** A header read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  /** Undefined while the first page loads. */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  loadingText: string;
  emptyText: string;
  /** Paging, when the list is paged on the server. */
  paging?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
}

/** The admin lists' one table: headed columns, loading and empty rows, and paging below. */
export function DataTable<T>({ columns, rows, rowKey, loading, loadingText, emptyText, paging }: DataTableProps<T>) {
  return (
    <>
      <Table>
        <thead>
          <tr>
            {columns.map((c) => (
              <Th key={c.header}>{c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && <TableMessage colSpan={columns.length}>{loadingText}</TableMessage>}
          {rows?.length === 0 && <TableMessage colSpan={columns.length}>{emptyText}</TableMessage>}
          {rows?.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <Td key={c.header} className={c.className}>
                  {c.cell(row)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {paging && <Pagination {...paging} />}
    </>
  );
}
