import {
  type ValueOption,
  valueFromKey,
  valueKey,
  withRange,
  withValue,
  withValues,
} from '@loop/core/surveys/editor';
import type { Condition, LogicValue } from '@loop/core/surveys/logic';
import { ListInput, LogicDateInput, LogicNumberInput } from './LogicInputs';

// The value controls of a condition (ConditionEditor): a select of options or points, typed
// numbers and days, checkboxes for 'is een van'.

/** A typed number, or a day picked with the date field. */
const TypedValue = ({ date, ...props }: { date: boolean } & Parameters<typeof LogicNumberInput>[0]) =>
  date ? <LogicDateInput {...props} /> : <LogicNumberInput {...props} />;

/** The options of a value select, with the current value kept even when it no longer exists. */
function ValueSelect({
  id,
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: LogicValue;
  options: readonly ValueOption[];
  disabled: boolean;
  onChange: (value: LogicValue) => void;
}) {
  const known = options.some((option) => valueKey(option.value) === valueKey(value));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={valueKey(value)}
        disabled={disabled}
        onChange={(event) => onChange(valueFromKey(event.target.value, options))}
      >
        {known ? null : <option value={valueKey(value)}>Bestaat niet meer</option>}
        {options.map((option) => (
          <option key={valueKey(option.value)} value={valueKey(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The value(s) of a condition, as its operator needs them. */
export function ValueControl({
  idPrefix,
  condition,
  options,
  numeric = false,
  date = false,
  disabled,
  onChange,
}: {
  idPrefix: string;
  condition: Condition;
  options: readonly ValueOption[] | null;
  /** A number question's condition: its values are typed numbers. */
  numeric?: boolean;
  /** A date question's condition: its values are days. */
  date?: boolean;
  disabled: boolean;
  onChange: (condition: Condition) => void;
}) {
  switch (condition.operator) {
    case 'equals':
    case 'not_equals':
    case 'greater':
    case 'less':
    case 'contains':
      return options && condition.operator !== 'contains' ? (
        <ValueSelect
          id={`${idPrefix}-value`}
          label="Waarde"
          value={condition.value}
          options={options}
          disabled={disabled}
          onChange={(value) => onChange(withValue(condition, value))}
        />
      ) : (
        <div className="field">
          <label htmlFor={`${idPrefix}-value`}>
            {condition.operator === 'contains' ? 'Tekst' : 'Waarde'}
          </label>
          {numeric || date ? (
            <TypedValue
              date={date}
              id={`${idPrefix}-value`}
              value={condition.value}
              disabled={disabled}
              onChange={(value) => onChange(withValue(condition, value))}
            />
          ) : (
            <input
              id={`${idPrefix}-value`}
              type="text"
              value={String(condition.value)}
              disabled={disabled}
              onChange={(event) => onChange(withValue(condition, event.target.value))}
            />
          )}
        </div>
      );
    case 'one_of':
    case 'none_of':
      return options ? (
        <fieldset className="logic-values">
          <legend>Waarden</legend>
          {options.map((option) => {
            const key = valueKey(option.value);
            const checked = condition.values.some((value) => valueKey(value) === key);
            return (
              <label key={key} className="checkbox">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(
                      withValues(
                        condition,
                        event.target.checked
                          ? [...condition.values, option.value]
                          : condition.values.filter((value) => valueKey(value) !== key),
                      ),
                    )
                  }
                />
                {option.label}
              </label>
            );
          })}
        </fieldset>
      ) : (
        <ListInput
          id={`${idPrefix}-values`}
          values={condition.values}
          disabled={disabled}
          onChange={(values) => onChange(withValues(condition, values))}
        />
      );
    case 'between':
      return options ? (
        <>
          <ValueSelect
            id={`${idPrefix}-min`}
            label="Van"
            value={condition.min}
            options={options}
            disabled={disabled}
            onChange={(value) => onChange(withRange(condition, Number(value), Number(condition.max)))}
          />
          <ValueSelect
            id={`${idPrefix}-max`}
            label="Tot en met"
            value={condition.max}
            options={options}
            disabled={disabled}
            onChange={(value) => onChange(withRange(condition, Number(condition.min), Number(value)))}
          />
        </>
      ) : numeric || date ? (
        <>
          <div className="field">
            <label htmlFor={`${idPrefix}-min`}>Van</label>
            <TypedValue
              date={date}
              id={`${idPrefix}-min`}
              value={condition.min}
              disabled={disabled}
              onChange={(value) => onChange(withRange(condition, Number(value), Number(condition.max)))}
            />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-max`}>Tot en met</label>
            <TypedValue
              date={date}
              id={`${idPrefix}-max`}
              value={condition.max}
              disabled={disabled}
              onChange={(value) => onChange(withRange(condition, Number(condition.min), Number(value)))}
            />
          </div>
        </>
      ) : null;
    default:
      return null;
  }
}
