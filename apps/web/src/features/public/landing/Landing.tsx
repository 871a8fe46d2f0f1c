import { PublicPage } from '../PublicPage';
import { About } from './About';
import { Faq } from './Faq';
import { Hero } from './Hero';
import { WhyChoose } from './WhyChoose';

export default function Landing({ prerendered = false }: { prerendered?: boolean }) {
  return (
    <PublicPage landing prerendered={prerendered}>
      <Hero />
      <WhyChoose />
      <About />
      <Faq />
    </PublicPage>
  );
}
