import { useEffect, useState } from 'react';

/**
 * Inside a WeChat mini-program web view the host app draws its own navigation, so the header is
 * hidden there (spec section 1).
 */
export function isMiniProgram(environment: { wxEnvironment?: unknown; userAgent: string }): boolean {
  return environment.wxEnvironment === 'miniprogram' || /miniProgram/i.test(environment.userAgent);
}

function detect(): boolean {
  return isMiniProgram({
    wxEnvironment: (window as Window & { __wxjs_environment?: unknown }).__wxjs_environment,
    userAgent: navigator.userAgent,
  });
}

/** WeChat may set `__wxjs_environment` only once its bridge is ready, so check again then. */
export function useIsMiniProgram(): boolean {
  const [inside, setInside] = useState(detect);
  useEffect(() => {
    const recheck = () => setInside(detect());
    document.addEventListener('WeixinJSBridgeReady', recheck);
    return () => document.removeEventListener('WeixinJSBridgeReady', recheck);
  }, []);
  return inside;
}
