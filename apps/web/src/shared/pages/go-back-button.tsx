import { Button } from 'antd';
import { useNavigate } from 'react-router';

/** Back in history when there is somewhere to go back to, home otherwise (a fresh tab). */
export function GoBackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/home');
  };
  return (
    <Button type="primary" onClick={goBack}>
      Go Back
    </Button>
  );
}
