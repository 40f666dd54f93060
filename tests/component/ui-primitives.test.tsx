// The shared primitives of src/ui: the field frame wires label, hint and error to the control;
// a state block's role follows its kind; the paged table shows loading, failure with a retry,
// empty, or its rows with headers and the pager; the dialog frame names itself by its title.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../../src/domain/envelope';
import { Dialog } from '../../src/ui/dialog';
import { Field } from '../../src/ui/field';
import { PagedTable, type Column, type PagedRows } from '../../src/ui/paged-table';
import { QueryStates, StateBlock } from '../../src/ui/state-block';
import { renderInApp } from './shell-harness';

describe('Field', () => {
  it('labels the control and ties hint and error to it', () => {
    render(
      <Field label="手机号码" required hint="用于接收验证码" error="请输入正确的手机号码">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: '手机号码' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['用于接收验证码', '请输入正确的手机号码']);
  });

  it('says nothing extra about a valid optional control', () => {
    render(<Field label="备注">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: '备注' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-required')).toBe(false);
  });
});

describe('StateBlock', () => {
  it('announces loading politely, a failure as an alert with its action, and gives empty no role', () => {
    const retry = vi.fn();
    const { rerender } = render(<StateBlock kind="loading" text="正在加载…" />);
    expect(screen.getByRole('status').textContent).toBe('正在加载…');

    rerender(<StateBlock kind="failed" text="加载失败" action={<button onClick={retry}>重新加载</button>} />);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: '重新加载' }));
    expect(retry).toHaveBeenCalledTimes(1);

    rerender(<StateBlock kind="empty" text="暂无数据" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('QueryStates', () => {
  it('shows loading, then the failure whose retry button refetches and says 重新加载 unless told 重试, then nothing', () => {
    const refetch = vi.fn();
    const query = (over: { isPending?: boolean; isError?: boolean }) => ({
      isPending: false,
      isError: false,
      refetch,
      ...over,
    });
    const { rerender, container } = render(
      <QueryStates query={query({ isPending: true })} loading="正在加载组合…" failed="组合活动加载失败" />,
    );
    expect(screen.getByRole('status').textContent).toBe('正在加载组合…');

    rerender(<QueryStates query={query({ isError: true })} loading="正在加载组合…" failed="组合活动加载失败" />);
    expect(within(screen.getByRole('alert')).getByRole('button').textContent).toBe('重新加载');

    rerender(
      <QueryStates
        query={query({ isError: true })}
        loading="正在加载组合…"
        failed="组合活动加载失败"
        retryText="重试"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('组合活动加载失败');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledTimes(1);

    rerender(<QueryStates query={query({})} loading="正在加载组合…" failed="组合活动加载失败" retryText="重试" />);
    expect(container.textContent).toBe('');
  });
});

interface Row {
  id: number;
  name: string;
}

const COLUMNS: readonly Column<Row>[] = [
  { header: '编号', cell: (r) => r.id },
  { header: '名称', cell: (r) => r.name },
];
const TEXTS = { loading: '正在加载…', failed: '加载失败', empty: '暂无记录' };

function rows(over: Partial<PagedRows<Row>>): PagedRows<Row> {
  return { isPending: false, isError: false, isFetching: false, data: undefined, refetch: vi.fn(), ...over };
}

function page(list: Row[], total = list.length): Page<Row> {
  return { list, total, page: 1, page_size: 2 };
}

function renderTable(state: PagedRows<Row>) {
  return renderInApp(
    <PagedTable
      rows={state}
      caption="记录"
      columns={COLUMNS}
      rowKey={(r) => r.id}
      texts={TEXTS}
      page={1}
      hrefFor={(p) => `/x?page=${p}`}
    />,
  );
}

describe('PagedTable', () => {
  it('shows loading, then a failure whose retry refetches, then empty', async () => {
    const { unmount } = renderTable(rows({ isPending: true }));
    expect((await screen.findByRole('status')).textContent).toBe('正在加载…');
    unmount();

    const failed = rows({ isError: true });
    const second = renderTable(failed);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重新加载' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    second.unmount();

    renderTable(rows({ data: page([]) }));
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the rows under their headers, named by the caption, with the pager when there are more pages', async () => {
    renderTable(
      rows({
        data: page(
          [
            { id: 7, name: '阿莫西林' },
            { id: 8, name: '感冒灵' },
          ],
          5,
        ),
        isFetching: true,
      }),
    );
    const table = await screen.findByRole('table', { name: '记录' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['编号', '名称']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(cells).toEqual([
      ['7', '阿莫西林'],
      ['8', '感冒灵'],
    ]);
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
  });
});

describe('Dialog', () => {
  it('is a modal dialog named by its title, with a × that closes it when asked for', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="申请开票" closeLabel="关闭">
        <p>内容</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '申请开票' });
    expect(within(dialog).getByText('内容')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
