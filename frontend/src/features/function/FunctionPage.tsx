import { FUNCTION_HEADER_PX, ROUTES } from '@store-cloud/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActiveSite, useSiteToken } from '../../auth/useActiveSite';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { bosHostFor, frameAddress, frameStoreId } from '../site/site-rules';
import { siteLabelsSet } from '../../i18n/sets/common';
import { useTexts } from '../../i18n/useTexts';

/**
 * Function screen (spec §2): the back office chosen by id, full page below the 60 px header, with
 * the site token, the store id (the installed one when there is one) and the fixed user value.
 * Without a site token or an active store nothing is left to show: all local storage is cleared
 * and the user goes to /login.
 */
export function FunctionPage() {
  const siteLabels = useTexts(siteLabelsSet);
  const { id } = useParams();
  const navigate = useNavigate();
  const site = useActiveSite();
  const siteToken = useSiteToken();
  const [loading, setLoading] = useState(true);
  const missing = !site || !siteToken;

  useEffect(() => {
    if (!missing) return;
    localStorage.clear();
    void navigate(ROUTES.login, { replace: true });
  }, [missing, navigate]);

  if (missing) return null;
  const src = frameAddress(
    bosHostFor(id, __BOS_HOSTS__),
    siteToken,
    frameStoreId(site.storeId, site.installedStoreId),
  );

  return (
    <div
      className="position-fixed start-0 end-0 bottom-0 bg-body"
      style={{ top: FUNCTION_HEADER_PX, zIndex: 1 }}
    >
      {loading && (
        <div className="position-absolute top-50 start-50 translate-middle">
          <LoadingSpinner />
        </div>
      )}
      <iframe
        title={siteLabels.backOfficeFrame}
        src={src}
        allow="camera"
        className="w-100 h-100 border-0"
        onLoad={() => setLoading(false)}
      />
    </div>
  );
}
