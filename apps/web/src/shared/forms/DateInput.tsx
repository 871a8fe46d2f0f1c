import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { ConfigProvider, DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactElement, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { useMediaQuery } from '../page/useMediaQuery';
import { DATE_TIME_TYPED, DATE_TYPED, dateString, dateTimeString, lagosNow, parseDate, parseDateTime } from './dates';
import './dateInput.css';

/** Ant Design's date picker whose "today" and "now" are Lagos time, whatever the browser's time zone. */
const Picker = DatePicker.generatePicker<Dayjs>({ ...dayjsConfig, getNow: lagosNow });

/** Month and weekday names for the picker, loaded only for the language in use (the digits stay Western, as everywhere in the app). */
const dayjsLocales: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  it: () => import('dayjs/locale/it'),
  ar: () => import('dayjs/locale/ar'),
};

/**
 * The picker's texts for the language in use: Ant Design's (from the ConfigProvider), with the weekdays
 * taken from dayjs as one or two letters (Ant Design's Arabic ones are whole words, too wide for a day's column).
 */
function usePickerLocale(): DatePickerProps['locale'] {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  useEffect(() => {
    void dayjsLocales[language as Exclude<Language, 'en'>]?.().catch(() => undefined);
  }, [language]);
  const base = useContext(ConfigProvider.ConfigContext).locale?.DatePicker;
  return useMemo(() => base && { ...base, lang: { ...base.lang, shortWeekDays: undefined } }, [base]);
}

/** A bound given as a string, or as a function evaluated when the picker asks (`max={toLocalInput}`: never after now). */
type Bound = string | (() => string);
const bound = (b: Bound | undefined) => (typeof b === 'function' ? b() : b);

type PassedProps = Omit<
  DatePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'format' | 'showTime' | 'picker' | 'multiple' | 'minDate' | 'maxDate' | 'classNames'
>;

interface Props<T> extends PassedProps {
  value?: T | null;
  onChange?: (value: T | undefined) => void;
  /** Earliest allowed, in the same string form as the value. */
  min?: Bound;
  /** Latest allowed, in the same string form as the value. */
  max?: Bound;
}

/** Phones: a narrower calendar, so the date and time panels fit a 375 px screen side by side. */
const PHONE = '(max-width: 575px)';
const PHONE_THEME = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 44 } } };

function Narrow({ children }: { children: ReactElement }) {
  const phone = useMediaQuery(PHONE);
  return phone ? <ConfigProvider theme={PHONE_THEME}>{children}</ConfigProvider> : children;
}

/** A calendar date typed or picked as DD/MM/YYYY; value and onChange are `YYYY-MM-DD` strings, as the API wants them. */
export function DateInput({ value, onChange, min, max, className, ...rest }: Props<string>) {
  const { t } = useTranslation('app');
  const locale = usePickerLocale();
  return (
    <Narrow>
      <Picker
        placeholder={t('date.placeholder')}
        {...rest}
        locale={locale}
        className={['date-input', className].filter(Boolean).join(' ')}
        classNames={{ popup: { root: 'date-input__popup' } }}
        format={DATE_TYPED}
        value={parseDate(value)}
        onChange={(next) => onChange?.(dateString(next as Dayjs | null))}
        disabledDate={(day) => {
          const text = dateString(day)!;
          const lo = bound(min);
          const hi = bound(max);
          return (!!lo && text < lo) || (!!hi && text > hi);
        }}
      />
    </Narrow>
  );
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * A date and time (24-hour) typed or picked as DD/MM/YYYY HH:mm; value and onChange are datetime-local strings
 * (`YYYY-MM-DDTHH:mm`, Lagos wall-clock time), which `fromLocalInput` turns into what the API wants.
 */
export function DateTimeInput({ value, onChange, min, max, className, ...rest }: Props<string>) {
  const { t } = useTranslation('app');
  const locale = usePickerLocale();
  return (
    <Narrow>
      <Picker
        placeholder={t('date.dateTimePlaceholder')}
        {...rest}
        locale={locale}
        className={['date-input', className].filter(Boolean).join(' ')}
        classNames={{ popup: { root: 'date-input__popup' } }}
        format={DATE_TIME_TYPED}
        showTime={{ format: 'HH:mm' }}
        // What is typed or clicked counts at once: with a confirm button, a typed time was dropped when the user clicked elsewhere.
        needConfirm={false}
        value={parseDateTime(value)}
        onChange={(next) => onChange?.(dateTimeString(next as Dayjs | null))}
        disabledDate={(day) => {
          const text = dateString(day)!;
          const lo = bound(min)?.slice(0, 10);
          const hi = bound(max)?.slice(0, 10);
          return (!!lo && text < lo) || (!!hi && text > hi);
        }}
        disabledTime={(day) => {
          const text = dateTimeString(day);
          const lo = bound(min);
          const hi = bound(max);
          if (!text) return {};
          const onLo = !!lo && text.slice(0, 10) === lo.slice(0, 10);
          const onHi = !!hi && text.slice(0, 10) === hi.slice(0, 10);
          const loHour = onLo ? Number(lo.slice(11, 13)) : 0;
          const hiHour = onHi ? Number(hi.slice(11, 13)) : 23;
          const loMinute = Number(lo?.slice(14, 16));
          const hiMinute = Number(hi?.slice(14, 16));
          return {
            disabledHours: () => [...range(0, loHour), ...range(hiHour + 1, 24)],
            disabledMinutes: (hour: number) => [
              ...(onLo && hour === loHour ? range(0, loMinute) : []),
              ...(onHi && hour === hiHour ? range(hiMinute + 1, 60) : []),
            ],
          };
        }}
      />
    </Narrow>
  );
}
