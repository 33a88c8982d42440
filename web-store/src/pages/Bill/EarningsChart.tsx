import { formatFen } from '@mkt/contracts/web';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Bill.module.css';
import type { EarningsChartSeries } from './billView';

// Only the parts a stacked bar chart needs, so the lazily loaded chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const PALETTE = ['#f0a020', '#2f6fed', '#16a34a', '#db2777', '#7c3aed', '#94a3b8'];

/**
 * Earnings per quarter stacked by material (chart.js). Loaded with React.lazy from /Bill, so the
 * home page's bundle never carries the chart library. The figures are also listed beside it.
 */
export default function EarningsChart({ quarters, series }: { quarters: { year: number; quarter: number }[]; series: EarningsChartSeries[] }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(document.documentElement);
    const text = styles.getPropertyValue('--text-muted').trim() || '#64748b';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: quarters.map((q) => t('bill.quarter', { year: q.year, quarter: q.quarter })),
        datasets: series.map((s, index) => ({
          label: s.label ?? t('bill.earnings.otherMaterials'),
          data: s.values.map((fen) => fen / 100),
          backgroundColor: s.label === null ? PALETTE[PALETTE.length - 1] : PALETTE[index % (PALETTE.length - 1)],
          borderRadius: 3,
          maxBarThickness: 56,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: { color: text } },
          y: { stacked: true, ticks: { color: text, callback: (value) => formatFen(Math.round(Number(value) * 100)) } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { color: text, boxWidth: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatFen(Math.round(Number(item.raw) * 100))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [quarters, series, t]);

  return (
    <div className={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={t('bill.earnings.chartLabel')} data-testid="bill-earnings-chart" />
    </div>
  );
}
