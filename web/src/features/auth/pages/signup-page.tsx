import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@shop/contract';
import { paths } from '@/config/paths';
import { GoogleButton } from '../components/google-button';
import { SignupForm } from '../components/signup-form';
import { useReturnTo } from '../hooks/use-return-to';

export function SignupPage() {
  const navigate = useNavigate();
  const { to, state } = useReturnTo();

  const onSuccess = () => {
    toast.success(MESSAGES.signupSuccess);
    navigate(to, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Sign Up</h1>
          <SignupForm onSuccess={onSuccess} />
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to={paths.login.getHref()} state={state} className="link link-primary font-medium">
              Log in
            </Link>
          </p>
          <GoogleButton returnTo={to} />
        </div>
      </div>
    </div>
  );
}
