import styles from './ChipRow.module.css';

export interface ChipOption {
  value: string;
  label: string;
}

interface ChipRowProps {
  label?: string;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}

/** One horizontally scrolling row of single-choice chips (each a 44 px touch target). */
export function ChipRow({ label, options, value, onChange, testId }: ChipRowProps) {
  return (
    <fieldset className={styles.row} data-testid={testId}>
      {label && <legend className="ov-visually-hidden">{label}</legend>}
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            className={styles.chip}
            aria-pressed={active}
            data-active={active || undefined}
            onClick={() => {
              if (!active) onChange(option.value);
            }}
          >
            <span>{option.label}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
