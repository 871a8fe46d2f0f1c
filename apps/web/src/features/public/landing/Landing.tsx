import { PublicPage } from '../PublicPage';
import { About } from './About';
import { Faq } from './Faq';
import { Hero } from './Hero';
import { WhyChoose } from './WhyChoose';

export default function Landing() {
  return (
    <PublicPage landing>
      <Hero />
      <WhyChoose />
      <About />
      <Faq />
    </PublicPage>
  );
}
