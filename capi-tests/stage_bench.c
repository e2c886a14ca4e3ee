// stage_bench: time per call of pipeline stages on one model, built against upstream's header and
// run on either library (LD_LIBRARY_PATH), for comparing stage costs.
//   stage_bench MODEL.mjb NCALL mj_stage1 [mj_stage2 ...]
// Constraints are disabled; the state is the first keyframe (or qpos0) after one mj_forward.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dlfcn.h>
#include <mujoco/mujoco.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(int argc,char**argv){
  mjModel*m=mj_loadModel(argv[1],NULL); m->opt.disableflags|=1; mjData*d=mj_makeData(m);
  if(m->nkey) mj_resetDataKeyframe(m,d,0);
  mj_forward(m,d);
  int n=atoi(argv[2]);
  for(int a=3;a<argc;a++){
    void(*f)(const mjModel*,mjData*)=dlsym(RTLD_DEFAULT,argv[a]);
    double t0=now(); for(int i=0;i<n;i++) f(m,d); double t=now()-t0;
    printf("%-20s %8.1f ns\n",argv[a],1e9*t/n);
  }
}
