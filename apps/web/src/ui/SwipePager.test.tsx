import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwipePager } from './SwipePager';

function Harness({
  count = 5,
  start = 0,
  onChange,
}: {
  count?: number;
  start?: number;
  onChange?: (i: number) => void;
}) {
  const [index, setIndex] = useState(start);
  return (
    <SwipePager
      direction="vertical"
      count={count}
      index={index}
      onIndexChange={(i) => {
        onChange?.(i);
        setIndex(i);
      }}
      slideKey={(i) => `k${i}`}
      label="feed"
      testId="pager"
      renderSlide={(i, offset) => (
        <p data-testid={`slide-${i}`} data-offset={offset}>
          page {i}
        </p>
      )}
    />
  );
}

function pager() {
  const el = screen.getByTestId('pager');
  Object.defineProperty(el, 'clientHeight', { value: 800, configurable: true });
  Object.defineProperty(el, 'clientWidth', { value: 400, configurable: true });
  return el;
}

function drag(el: HTMLElement, fromY: number, toY: number, steps = 4, x = 100) {
  let t = 1000;
  fireEvent.pointerDown(el, {
    pointerId: 1,
    clientX: x,
    clientY: fromY,
    button: 0,
    pointerType: 'touch',
    timeStamp: t,
  });
  for (let s = 1; s <= steps; s++) {
    t += 100;
    fireEvent.pointerMove(el, {
      pointerId: 1,
      clientX: x,
      clientY: fromY + ((toY - fromY) * s) / steps,
      pointerType: 'touch',
      timeStamp: t,
    });
  }
  fireEvent.pointerUp(el, { pointerId: 1, clientX: x, clientY: toY, pointerType: 'touch', timeStamp: t + 100 });
}

afterEach(cleanup);

describe('SwipePager', () => {
  it('mounts only the current page and its neighbours', () => {
    render(<Harness start={2} />);
    expect(screen.queryByTestId('slide-0')).toBeNull();
    expect(screen.getByTestId('slide-1').dataset.offset).toBe('-1');
    expect(screen.getByTestId('slide-2').dataset.offset).toBe('0');
    expect(screen.getByTestId('slide-3').dataset.offset).toBe('1');
    expect(screen.queryByTestId('slide-4')).toBeNull();
    // Neighbours are hidden from assistive tech and focus.
    expect(screen.getByTestId('slide-3').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });

  it('swipes up to the next page and down to the previous one', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const el = pager();
    drag(el, 600, 300);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(el.dataset.index).toBe('1');
    drag(el, 300, 600);
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('ignores a short slow drag and a sideways gesture', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const el = pager();
    drag(el, 600, 585, 3);
    fireEvent.pointerDown(el, { pointerId: 2, clientX: 50, clientY: 500, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(el, { pointerId: 2, clientX: 250, clientY: 470, pointerType: 'touch' });
    fireEvent.pointerUp(el, { pointerId: 2, clientX: 300, clientY: 300, pointerType: 'touch' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not go past the last page', () => {
    const onChange = vi.fn();
    render(<Harness count={2} start={1} onChange={onChange} />);
    drag(pager(), 600, 100);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns pages with the arrow keys and the wheel', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const el = pager();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(0);
    act(() => {
      el.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, cancelable: true, bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith(1);
    // Inertia right after a turn does not turn again.
    act(() => {
      el.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, cancelable: true, bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
