import { formatFen } from '@mkt/contracts/web';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../api/client';
import { catalogueCalls } from '../../api/catalogueCalls';
import { musicCalls } from '../../api/musicCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { MusicBlock } from '../../music/MusicBlock';
import { MusicList } from './MusicList';
import styles from './MusicPages.module.css';
import { trackCover } from '../../music/trackCover';
import { SaveToBoard } from '../Boards/SaveToBoard';
import { buttonClass } from '../../ui/Button';

/** /DetailMusic?id=&mdp= (6 from lists, 17 from the player): the track, its versions, its info and similar tracks. */
export default function MusicDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const musicId = Number(params.get('id')) || 0;
  const mdp = params.get('mdp') === '17' ? 17 : 6;
  const music = useRemote((signal) => musicCalls.detail(musicId, { signal }), [musicId, i18n.language]);
  const versions = useRemote((signal) => musicCalls.versions(musicId, { signal }), [musicId, i18n.language]);
  const similar = useRemote((signal) => musicCalls.similar({ musicId, pageNo: 1, pageSize: 10 }, { signal }), [musicId, i18n.language]);

  useEffect(() => {
    // Spec "Tracking": a detail view counts with the mdp it came from (6 lists, 17 player).
    if (music.data) catalogueCalls.click({ bizType: 100, ruleId: mdp, targetId: musicId, title: music.data.musicName, referer: document.referrer, navigator: navigator.userAgent });
  }, [music.data, mdp, musicId]);

  if (music.error) {
    return (
      <div className={styles.page}>
        <Notice title={serverMessageOr(music.error, t('catalogue.loadError'))}>
          <Link to="/Music">{t('music.backHome')}</Link>
        </Notice>
      </div>
    );
  }
  const info = music.data;
  return (
    <div className={styles.page} data-testid="music-detail" data-mdp={mdp}>
      {info && (
        <>
          <header className={styles.detailHead}>
            <img src={trackCover(info)} alt="" />
            <div>
              <p className={styles.kicker}>{info.musicType === 2 ? t('music.typeSfx') : t('music.typeMusic')} · {info.code}</p>
              <h1>{info.musicName}</h1>
              <dl className={styles.detailInfo}>
                {(
                  [
                    ['maker', info.makerText],
                    ['mastery', info.masteryText],
                    ['arranger', info.arrangerText],
                    ['composer', info.composerText],
                    ['artist', info.artistText],
                    ['author', info.authorText],
                    ['duration', info.durationText],
                    ['bpm', String(info.bpm)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(`music.info.${key}`)}</dt>
                    <dd>{value || '—'}</dd>
                  </div>
                ))}
              </dl>
              {info.licenceFromFen !== null && (
                <p className={styles.price} data-testid="music-price-from">
                  {t('music.priceFrom', { price: formatFen(info.licenceFromFen) })}
                </p>
              )}
              <SaveToBoard materialIds={[info.musicId]} className={buttonClass('secondary')} />
            </div>
          </header>
          <MusicBlock music={info} />
          {(versions.data?.infos.length ?? 0) > 0 && (
            <section className={styles.section}>
              <h2>{t('music.versionsTitle')}</h2>
              <MusicList infos={versions.data?.infos ?? null} loading={versions.loading} source={null} />
            </section>
          )}
        </>
      )}
      <section className={styles.section}>
        <h2>{t('music.similar')}</h2>
        {similar.error ? (
          <Notice title={serverMessageOr(similar.error, t('catalogue.loadError'))} />
        ) : (
          <MusicList infos={similar.data?.infos ?? null} loading={similar.loading} source={{ kind: 'similar', request: { musicId }, pageNo: 1, pageSize: 10 }} />
        )}
      </section>
    </div>
  );
}
