import { formatFen, type AnalyticsPeriod, type AnalyticsPoint } from '@mkt/contracts/web';
import { CategoryScale, Chart, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AnalyticsPanel.module.css';

// Only what a one-line chart needs, so this lazily loaded chunk stays small.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

export type ChartMetric = 'appearances' | 'views' | 'favourites' | 'cartAdds' | 'sales' | 'earningsFen';

/**
 * One figure of a series over its periods (chart.js), loaded with React.lazy from the analytics
 * view so neither the home page nor the material centre's other views carry the chart library.
 * The plotted values are also on the element (data-values), which is what a test reads.
 */
export default function AnalyticsChart({ series, period, metric, testId }: { series: AnalyticsPoint[]; period: AnalyticsPeriod; metric: ChartMetric; testId: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const values = series.map((point) => (metric === 'earningsFen' ? point.earningsFen / 100 : point[metric]));

  useEffect(() => {
    if (!canvas.current) return;
    const css = getComputedStyle(document.documentElement);
    const text = css.getPropertyValue('--text-muted').trim() || '#64748b';
    const label = (start: string) => {
      if (period === 'day') return start.slice(5);
      if (period === 'week') return t('analytics.weekOf', { day: start.slice(5) });
      return t('analytics.quarterOf', { year: start.slice(0, 4), quarter: Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1 });
    };
    const money = (value: unknown) => formatFen(Math.round(Number(value) * 100));
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: series.map((point) => label(point.period)),
        datasets: [{ label: t(`analytics.figures.${metric}`), data: values, borderColor: '#f0a020', backgroundColor: '#f0a020', pointRadius: 2, tension: 0 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { ticks: { color: text, maxRotation: 0, autoSkip: true } },
          y: { beginAtZero: true, ticks: { color: text, precision: 0, ...(metric === 'earningsFen' ? { callback: money } : {}) } },
        },
        plugins: {
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${metric === 'earningsFen' ? money(item.raw) : String(item.raw)}` } },
        },
      },
    });
    return () => chart.destroy();
    // values follow from series and metric.
  }, [series, period, metric, t]);

  return (
    <div className={styles.chart} data-testid={testId} data-values={values.join(',')}>
      <canvas ref={canvas} role="img" aria-label={t('analytics.chartLabel', { metric: t(`analytics.figures.${metric}`) })} />
    </div>
  );
}
